/**
 * Beta (invite) codes on the admin dashboard (spec 01 §§2–5, 7). A code is stored upper-cased; an empty code
 * is generated (src/services/inviteCodes.ts). States: active/inactive (reversible), Fully Used when
 * current uses reach max uses, Expired once the expiry has passed. Registration takes uses
 * (src/services/auth.ts).
 */
import type { Knex } from 'knex';
import { BetaCode } from '../../models/BetaCode';
import { authorize, authorizeOnCollection, betaCodePolicy, type Viewer } from '../../policies';
import { generateInviteCode } from '../inviteCodes';

/** Every code, newest first, with the users who used each. */
export async function listBetaCodes(viewer: Viewer, db?: Knex): Promise<BetaCode[]> {
  authorizeOnCollection(betaCodePolicy, viewer, 'list');
  return BetaCode.query(db)
    .modify(betaCodePolicy.scope, viewer)
    .withGraphFetched('usedBy(usedOrder)')
    .modifiers({ usedOrder: (q) => q.orderBy('beta_code_uses.usedAt').orderBy('users.id') })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
}

/** Codes in all; active = usable now (active, unexpired, not fully used); uses over every code; expired. */
export interface BetaCodeCounts {
  total: number;
  active: number;
  uses: number;
  expired: number;
}

export async function betaCodeStats(viewer: Viewer, db?: Knex, now = new Date()): Promise<BetaCodeCounts> {
  authorizeOnCollection(betaCodePolicy, viewer, 'stats');
  return await BetaCode.query(db)
    .select(
      BetaCode.raw('count(*)::int as total'),
      BetaCode.raw(
        '(count(*) filter (where is_active and (expires_at is null or expires_at > ?) and current_uses < max_uses))::int as active',
        [now],
      ),
      BetaCode.raw('coalesce(sum(current_uses), 0)::int as uses'),
      BetaCode.raw('(count(*) filter (where expires_at is not null and expires_at <= ?))::int as expired', [now]),
    )
    .first()
    .castTo<BetaCodeCounts>();
}

export interface BetaCodeCreateInput {
  code: string;
  maxUses: number;
  expiresAt: Date | null;
  notes: string | null;
}

/**
 * POST /api/admin/beta-codes. A given code that exists already is a 409 (beta_codes_code_unique). A generated
 * code that happens to collide is drawn again (insert … on conflict do nothing), never reported.
 */
export async function createBetaCode(
  trx: Knex.Transaction,
  actor: Viewer,
  input: BetaCodeCreateInput,
): Promise<BetaCode> {
  authorizeOnCollection(betaCodePolicy, actor, 'create');
  const row = { maxUses: input.maxUses, expiresAt: input.expiresAt, notes: input.notes, createdBy: actor.id };
  if (input.code) return BetaCode.query(trx).insertAndFetch({ ...row, code: input.code.toUpperCase() });
  for (;;) {
    const [inserted] = (await trx('beta_codes')
      .insert({ ...row, code: generateInviteCode() })
      .onConflict('code')
      .ignore()
      .returning('id')) as Array<{ id: number }>;
    if (inserted) return (await BetaCode.query(trx).findById(inserted.id))!;
  }
}

/** PATCH /api/admin/beta-codes/{id}/deactivate and /reactivate. */
export async function setBetaCodeActive(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; isActive: boolean },
): Promise<BetaCode> {
  const action = input.isActive ? 'reactivate' : 'deactivate';
  const code = authorize(betaCodePolicy, actor, action, await BetaCode.query(trx).findById(input.id).forUpdate());
  return code.$query(trx).patchAndFetch({ isActive: input.isActive });
}

/** The same code with the users who used it (after a change, for the answer). */
export async function withUses(trx: Knex.Transaction, code: BetaCode): Promise<BetaCode> {
  return (await BetaCode.query(trx)
    .findById(code.id)
    .withGraphFetched('usedBy(usedOrder)')
    .modifiers({ usedOrder: (q) => q.orderBy('beta_code_uses.usedAt').orderBy('users.id') }))!;
}
