/**
 * What an endorser's changes do to the profiles they endorsed (docs/decisions/endorsements.md): those profiles' pages show the
 * endorser's name, rank and profile link and count their endorsements, so when the endorser's account is
 * deactivated, reactivated or deleted, or their own profile's name, rank or status changes, every profile
 * holding one of their endorsements gets a new version (touchProfile) in the same transaction — kept pages
 * never show them a moment longer than they should.
 */
import type { Knex } from 'knex';
import { touchProfile } from '../profiles';

export async function touchProfilesEndorsedBy(trx: Knex.Transaction, endorserId: number): Promise<void> {
  const profileIds = (await trx('skill_endorsements as se')
    .join('profile_skills as s', 's.id', 'se.skill_id')
    .where('se.endorser_id', endorserId)
    .distinct('s.profile_id')
    .pluck('s.profile_id')) as number[];
  for (const profileId of profileIds) await touchProfile(trx, profileId, ['skills']);
}
