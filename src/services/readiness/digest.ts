/**
 * The weekly readiness digest to training officers (docs/decisions/department-readiness.md), copying the expiry
 * reminders' job (src/services/reminders/run.ts): one transaction per officer —
 *
 *   lock the officer's row (a second worker waits here) → this week's digest already sent? stop → read each of
 *   their departments' rosters (readinessRoster: the same policy and sharing gate as the page) → insert the claim
 *   (unique per officer and week) → send the e-mail → commit.
 *
 * The mail goes out inside the transaction: a refused send rolls the claim back and the next run sends it; an
 * accepted one is recorded, so no officer gets two in a week whatever the number of workers.
 */
import type { Knex } from 'knex';
import type { Logger } from '../../log';
import type { Mailer, MailMessage } from '../mail';
import type { User } from '../../models/User';
import { isoDay } from '../../validation/lists/rules';
import { CELL_LABELS } from '../../validation/readiness';
import { readinessRoster, type Roster } from './roster';

export interface ReadinessDigestDeps {
  db: Knex;
  mailer: Mailer;
  logger: Logger;
  config: { baseUrl: string; productName: string };
}

/** The Monday of the clock's week, `YYYY-MM-DD` (the local calendar, as the reminders' days). */
export function weekOf(now: Date): string {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  return isoDay({ year: monday.getFullYear(), month: monday.getMonth() + 1, day: monday.getDate() });
}

/** Active officers with no digest this week (the job checks each again under its lock). */
export async function officersDue(db: Knex, now: Date): Promise<number[]> {
  const rows = (await db('department_officers as o')
    .join('users as u', 'u.id', 'o.user_id')
    .where('u.is_active', true)
    .whereNotExists((sub) =>
      sub.from('readiness_digests as d').whereRaw('d.officer_id = o.user_id').where('d.week_start', weekOf(now)),
    )
    .distinct('o.user_id')
    .orderBy('o.user_id')) as Array<{ userId: number }>;
  return rows.map((row) => row.userId);
}

function compose(config: ReadinessDigestDeps['config'], to: string, rosters: Roster[]): MailMessage {
  const lines: string[] = [];
  for (const roster of rosters) {
    lines.push(`${roster.department.name}: ${roster.members.length} members share their readiness.`);
    for (const member of roster.members) {
      const attention = roster.credentials
        .map((name) => [name, member.cells[name]!] as const)
        .filter(([, cell]) => cell.state === 'expired' || cell.state === 'expiring')
        .map(
          ([name, cell]) =>
            `${name} ${CELL_LABELS[cell.state].toLowerCase()}${cell.expires ? ` (${cell.expires})` : ''}`,
        );
      // Readiness dates the member shares that need attention (docs/decisions/readiness-dates.md).
      for (const date of member.readinessDates ?? [])
        if (date.state !== 'current')
          attention.push(`${date.title} ${CELL_LABELS[date.state].toLowerCase()} (${date.validThrough ?? date.date})`);
      if (attention.length) lines.push(`- ${member.name}: ${attention.join('; ')}`);
    }
    lines.push(`The roster: ${config.baseUrl}/departments/${roster.department.id}/readiness`, '');
  }
  return {
    to,
    subject: `${config.productName}: this week’s readiness`,
    text: `${lines.join('\n')}\nYou get this as a training officer. Only members who chose to share appear.\n`,
  };
}

/** Sends one officer's digest for this week when none went out; true when sent, throws when SMTP refuses. */
export async function sendOfficerDigest(
  trx: Knex.Transaction,
  _actor: null,
  input: { officerId: number; now: Date; deps: Omit<ReadinessDigestDeps, 'db'> },
): Promise<boolean> {
  const { officerId, now, deps } = input;
  const officer = (await trx('users')
    .where({ id: officerId, isActive: true })
    .forUpdate()
    .first('id', 'role', 'email')) as Pick<User, 'id' | 'role' | 'email'> | undefined;
  if (!officer) return false;
  const week = weekOf(now);
  if (await trx('readiness_digests').where({ officerId, weekStart: week }).first('id')) return false;
  const departmentIds = (
    (await trx('department_officers')
      .where('userId', officerId)
      .orderBy('departmentId')
      .select('departmentId')) as Array<{ departmentId: number }>
  ).map((row) => row.departmentId);
  const rosters: Roster[] = [];
  for (const departmentId of departmentIds) rosters.push(await readinessRoster(officer, { departmentId, now }, trx));
  if (!rosters.length) return false;
  const memberCount = rosters.reduce((sum, roster) => sum + roster.members.length, 0);
  const [claim] = await trx('readiness_digests')
    .insert({ officerId, weekStart: week, memberCount })
    .onConflict(['officerId', 'weekStart'])
    .ignore()
    .returning('id');
  if (!claim) return false;
  await deps.mailer.send(compose(deps.config, officer.email, rosters));
  deps.logger.info({ readinessDigest: { officerId, week, members: memberCount } }, 'readiness digest sent');
  return true;
}
