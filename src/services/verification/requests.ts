/**
 * Department-verified membership (docs/decisions/verified-membership.md): a member asks to be verified in one of their departments; a
 * verifier of that department (src/services/verification/verifiers.ts) or a site admin approves or declines
 * with a reason; a site admin may revoke an approval. Mutations are fn(trx, actor, input) and return models.
 *
 * - Rows are history (membership_verifications): a decision updates the pending row; a new request after a
 *   decline or revocation is a new row. One pending and one approved row per member and department at most
 *   (partial unique indexes → 409, src/db/constraints.ts).
 * - The member hears of every decision by e-mail, after commit.
 * - An approval or revocation changes the member's profile page (the badge), their sessions and the profiles they
 *   endorsed: the database's trigger bumps and notifies them all (docs/architecture.md, Kept pages). The
 *   department page keys on what it lists (departmentPage.ts).
 */
import type { Knex } from 'knex';
import { afterCommit } from '../../db/transaction';
import { ConflictError } from '../../errors';
import { DepartmentVerifier } from '../../models/DepartmentVerifier';
import { MembershipVerification } from '../../models/MembershipVerification';
import { Profile } from '../../models/Profile';
import { UserDepartment } from '../../models/UserDepartment';
import { authorize, userDepartmentPolicy, type Viewer } from '../../policies';
import { reviewScope, verificationPolicy, type ReviewableVerification } from '../../policies/verification';
import { VERIFICATION_MESSAGES, verifiedBadgeText } from '../../validation/verification';
import type { Logger } from '../../log';
import type { MailMessage, Mailer } from '../mail';
import { readTogether } from '../../db/readTogether';
import { issueMembershipCredential } from '../verifiableCredentials/issue';
import { revokeCredentials } from '../verifiableCredentials/revoke';

export interface VerificationMailDeps {
  mailer: Mailer;
  baseUrl: string;
  productName: string;
  /** A mail that fails after the decision committed is logged, not turned into an error answer. */
  logger?: Logger;
  /** Unlocks the department's signing key: an approval signs the member's credential (docs/decisions/verifiable-credentials.md). */
  credentialKey: string;
}

/** The deps of decisions from the app's (one place, so every route signs credentials alike). */
export const verificationDeps = (app: {
  mailer: Mailer;
  logger?: Logger;
  config: { baseUrl: string; productName: string; credentialKey: string };
}): VerificationMailDeps => ({
  mailer: app.mailer,
  baseUrl: app.config.baseUrl,
  productName: app.config.productName,
  logger: app.logger,
  credentialKey: app.config.credentialKey,
});

/** The latest request per department for one member: department id → row. */
export async function latestRequestsOf(userId: number, db?: Knex): Promise<Map<number, MembershipVerification>> {
  const rows = await MembershipVerification.query(db)
    .where('userId', userId)
    .distinctOn('departmentId')
    .orderBy('departmentId')
    .orderBy('id', 'desc');
  return new Map(rows.map((row) => [row.departmentId, row]));
}

/** The approved row for a member and department, if any. */
async function approvedRow(trx: Knex, userId: number, departmentId: number) {
  return MembershipVerification.query(trx).findOne({ userId, departmentId, status: 'approved' });
}

/** POST /api/departments/user/{id}/verification: the actor's own link only (another's is a 404). */
export async function requestVerification(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number },
): Promise<{ link: UserDepartment; request: MembershipVerification }> {
  const link = authorize(
    userDepartmentPolicy,
    actor,
    'update',
    await UserDepartment.query(trx).findById(input.id).withGraphFetched('department'),
  );
  if (await approvedRow(trx, link.userId, link.departmentId))
    throw new ConflictError(VERIFICATION_MESSAGES.alreadyVerified);
  // A second pending request violates membership_verifications_one_pending: a 409 with its message.
  const request = await MembershipVerification.query(trx).insertAndFetch({
    userId: link.userId,
    departmentId: link.departmentId,
    status: 'pending',
  });
  return { link, request };
}

/** PATCH /api/departments/user/{id}/listing: show a verified membership on the department's page, or not. */
export async function setListing(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; listed: boolean },
): Promise<UserDepartment> {
  const link = authorize(userDepartmentPolicy, actor, 'update', await UserDepartment.query(trx).findById(input.id));
  if (input.listed && !(await approvedRow(trx, link.userId, link.departmentId))) {
    throw new ConflictError(VERIFICATION_MESSAGES.onlyVerifiedListed);
  }
  return (await link.$query(trx).patchAndFetch({ listed: input.listed }).withGraphFetched('department'))!;
}

/** A request with what the policy needs to judge it (the department's verifiers, the member's link). */
export async function findReviewable(db: Knex, id: number, lock = false): Promise<ReviewableVerification | undefined> {
  const query = MembershipVerification.query(db).findById(id);
  const row = await (lock ? query.forUpdate() : query);
  if (!row) return undefined;
  const [verifiers, linked] = await readTogether(db, [
    () => DepartmentVerifier.query(db).where('departmentId', row.departmentId).select('userId'),
    () => UserDepartment.query(db).findOne({ userId: row.userId, departmentId: row.departmentId }),
  ]);
  await row.$fetchGraph('[user, department]', { transaction: db });
  return Object.assign(row, { verifierIds: verifiers.map((v) => v.userId), memberLinked: Boolean(linked) });
}

/** The requests the viewer reviews (pending first, then the latest decisions), with members and departments. */
export async function listReviewable(
  viewer: Viewer,
  options: { status?: 'pending' | 'decided'; limit?: number } = {},
  db?: Knex,
): Promise<ReviewableVerification[]> {
  const rows = await MembershipVerification.query(db)
    .modify(reviewScope, viewer)
    .modify((q) => {
      if (options.status === 'pending') q.where('status', 'pending');
      if (options.status === 'decided') q.whereNot('status', 'pending');
    })
    .withGraphFetched('[user, department]')
    .orderBy(options.status === 'decided' ? 'decidedAt' : 'requestedAt', options.status === 'decided' ? 'desc' : 'asc')
    .orderBy('id')
    .limit(options.limit ?? 100);
  if (rows.length === 0) return [];
  const departmentIds = [...new Set(rows.map((r) => r.departmentId))];
  const verifiers = (await (db ?? MembershipVerification.knex())('department_verifiers')
    .whereIn('department_id', departmentIds)
    .select('department_id', 'user_id')) as { departmentId: number; userId: number }[];
  const links = (await (db ?? MembershipVerification.knex())('user_departments')
    .whereIn(
      'user_id',
      rows.map((r) => r.userId),
    )
    .whereIn('department_id', departmentIds)
    .select('user_id', 'department_id')) as { userId: number; departmentId: number }[];
  const linked = new Set(links.map((l) => `${l.userId}:${l.departmentId}`));
  return rows.map((row) =>
    Object.assign(row, {
      verifierIds: verifiers.filter((v) => v.departmentId === row.departmentId).map((v) => v.userId),
      memberLinked: linked.has(`${row.userId}:${row.departmentId}`),
    }),
  );
}

/** The members' profile ids and ranks, for the review list (user id → profile). */
export async function memberProfiles(userIds: number[], db?: Knex): Promise<Map<number, { id: number; rank: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await Profile.query(db).whereIn('userId', userIds).select('id', 'userId', 'rank');
  return new Map(rows.map((p) => [p.userId, { id: p.id, rank: p.rank }]));
}

/** The request as stored after a decision, with what was loaded alongside it. */
async function reread(trx: Knex.Transaction, request: ReviewableVerification): Promise<ReviewableVerification> {
  const { user, department, verifierIds, memberLinked } = request;
  return Object.assign((await request.$query(trx))!, { user, department, verifierIds, memberLinked });
}

async function sendLogged(deps: VerificationMailDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger?.error({ err: error, mail: { subject: message.subject } }, 'verification e-mail not sent');
  }
}

function mailDecision(
  trx: Knex.Transaction,
  request: ReviewableVerification,
  deps: VerificationMailDeps,
  outcome: { subject: string; lines: string[] },
): void {
  const member = request.user!;
  afterCommit(trx, () =>
    sendLogged(deps, {
      to: member.email,
      subject: outcome.subject,
      text: [
        `Hello ${member.name},`,
        '',
        ...outcome.lines,
        '',
        `Your departments: ${deps.baseUrl}/account-settings#departments`,
        '',
        `— ${deps.productName}`,
      ].join('\n'),
    }),
  );
}

/** POST /api/verifications/{id}/decision: approve or decline a pending request (decline needs a reason). */
export async function decideVerification(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; decision: 'approve' | 'decline'; reason?: string | null },
  deps: VerificationMailDeps,
): Promise<ReviewableVerification> {
  const request = authorize(verificationPolicy, actor, input.decision, await findReviewable(trx, input.id, true));
  if (request.status !== 'pending') throw new ConflictError(VERIFICATION_MESSAGES.notPending);
  const status = input.decision === 'approve' ? 'approved' : 'declined';
  // An approval while another approved row exists cannot happen (requests refuse it); the unique index stands guard.
  await request.$query(trx).patch({
    status,
    decidedAt: new Date(),
    decidedById: actor.id,
    reason: input.reason ?? null,
  });
  const updated = await reread(trx, request);
  const department = request.department!.name;
  if (status === 'approved') {
    // The member's credential is signed with the approval, in its transaction (docs/decisions/verifiable-credentials.md).
    await issueMembershipCredential(trx, updated, deps);
    const year = updated.decidedAt!.getUTCFullYear();
    mailDecision(trx, updated, deps, {
      subject: `Your membership in ${department} is verified`,
      lines: [
        `Your membership in ${department} has been verified.`,
        `Your profile now shows: ${verifiedBadgeText({ departmentName: department, year })}.`,
        ...(input.reason ? ['', `Note from the verifier: ${input.reason}`] : []),
        '',
        'You can choose to be listed on the department’s page in My Departments.',
      ],
    });
  } else {
    mailDecision(trx, updated, deps, {
      subject: `Your verification request for ${department} was declined`,
      lines: [`Your request to be verified as a member of ${department} was declined.`, '', `Reason: ${input.reason}`],
    });
  }
  return updated;
}

/** POST /api/admin/verifications/{id}/revoke: a site admin withdraws an approved verification. */
export async function revokeVerification(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; reason: string },
  deps: VerificationMailDeps,
): Promise<ReviewableVerification> {
  const request = authorize(verificationPolicy, actor, 'revoke', await findReviewable(trx, input.id, true));
  if (request.status !== 'approved') throw new ConflictError(VERIFICATION_MESSAGES.notApproved);
  await request
    .$query(trx)
    .patch({ status: 'revoked', decidedAt: new Date(), decidedById: actor.id, reason: input.reason });
  // Its credentials are revoked at once: their bits are set in the department's status list.
  await revokeCredentials(trx, {
    userId: request.userId,
    departmentId: request.departmentId,
    reason: 'membership revoked',
  });
  // A revoked membership is not listed on the department's page any more (listing needs a verification).
  await UserDepartment.query(trx)
    .patch({ listed: false })
    .where({ userId: request.userId, departmentId: request.departmentId });
  const updated = await reread(trx, request);
  const department = request.department!.name;
  mailDecision(trx, updated, deps, {
    subject: `Your verified membership in ${department} was revoked`,
    lines: [
      `A site administrator revoked the verification of your membership in ${department}.`,
      '',
      `Reason: ${input.reason}`,
    ],
  });
  return updated;
}
