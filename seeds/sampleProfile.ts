/**
 * The sample profile the landing page links to (/profiles/1/public; spec 01 §9 "Sample profile id is 1"): a
 * live, filled-in profile created once, on a new database — before anyone can register, so it gets id 1.
 * Its owner is a demo account nobody can sign in to (a random password that is never stored anywhere).
 * Its lists (every widget) come from sampleProfileLists.ts and are added through the list service, as its owner,
 * validated with each list's add rules — in the same transaction, so the profile never exists half filled.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { inTransaction } from '../src/db/transaction';
import { appendListItem } from '../src/services/lists';
import { hashPassword } from '../src/services/passwords';
import { sampleProfileLists } from './sampleProfileLists';
import type { ReferenceSeedContext } from './context';

export const SAMPLE_PROFILE_EMAIL = 'sample-profile@turnout.invalid';
export const SAMPLE_PROFILE_USERNAME = 'jordan-rivera';

/** True until the first profile id has been handed out (so a deleted sample is not brought back). */
async function profilesNeverCreated(db: Knex): Promise<boolean> {
  const { rows } = (await db.raw('select is_called from profiles_id_seq')) as {
    rows: Array<{ isCalled?: boolean; is_called?: boolean }>;
  };
  const row = rows[0];
  return row !== undefined && (row.isCalled ?? row.is_called) === false;
}

export async function seedSampleProfile({ db, logger }: ReferenceSeedContext): Promise<void> {
  if (!(await profilesNeverCreated(db))) return;
  const department =
    (await db('departments')
      .where('verificationStatus', 'verified')
      .whereILike('name', 'springfield fire%')
      .orderBy('id')
      .first()) ?? (await db('departments').where('verificationStatus', 'verified').orderBy('id').first());
  if (!department) return;
  await inTransaction(db, async (trx) => {
    const [user] = await trx('users')
      .insert({
        name: 'Jordan Rivera',
        email: SAMPLE_PROFILE_EMAIL,
        username: SAMPLE_PROFILE_USERNAME,
        passwordHash: await hashPassword(crypto.randomBytes(32).toString('base64url')),
        role: 'user',
        isActive: true,
        // Nobody reads this address (.invalid): no expiry reminders for the sample.
        remindersEnabled: false,
      })
      .returning('id');
    await trx('user_departments').insert({ userId: user.id, departmentId: department.id, isPrimary: true });
    const [profile] = await trx('profiles').insert(
      {
        userId: user.id,
        name: 'Jordan Rivera',
        rank: 'Captain',
        title: 'Training Officer',
        badgeNumber: '214',
        departmentId: department.id,
        department: department.name,
        motto: 'Train like it’s real. Everyone goes home.',
        currentStatus: 'On duty — B Shift, Engine 3',
        role: 'Company Officer · Extrication Instructor',
        personalStatement:
          'Twenty-two years in the fire service, from volunteer probie to career captain. I run our company’s ' +
          'vehicle extrication and RIT training, mentor new firefighters through their first year on the line, ' +
          'and still believe the best call is the one where the crew comes home and the family keeps their home.',
        website: 'https://www.usfa.fema.gov',
        linkedin: 'jordan-rivera-fire',
        instagram: '@captain.rivera',
        profileStatus: 'live',
        defaultVisibility: 'public',
      },
      ['id'],
    );
    const owner = { id: user.id as number, role: 'user' as const };
    for (const { list, items } of sampleProfileLists(department.name as string, new Date())) {
      for (const item of items) {
        const fields = await list.createSchema.validate({ showOnMainProfile: true, visibility: 'public', ...item });
        await appendListItem(trx, owner, { profileId: profile.id as number, list, fields });
      }
    }
  });
  logger.info({ profileId: 1 }, 'sample profile created');
}
