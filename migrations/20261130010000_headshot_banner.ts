import type { Knex } from 'knex';

/**
 * The career page's pictures (docs/decisions/headshot-and-banner.md):
 * - `profiles.banner_photo_id`: the banner, one of the profile's own photos — a composite foreign key to
 *   (photos.id, photos.profile_id), so it can never name another profile's photo, that empties the column alone
 *   when the photo is deleted. The update that empties it is a write to `profiles`, which the change trigger
 *   already watches: the kept pages refresh. (The headshot is the profile image, a photo link: it needs nothing.)
 * - `turnout_change()` learns that a profile image is shown beside the endorser's endorsements (the endorsers'
 *   faces): a profile-image link written, or removed by a cascade, also bumps the skills of every profile its
 *   owner endorsed, as a change to their name does.
 */
const PHOTO_LINK_BRANCH = `  elsif what = 'photo_link' then
    owner_profiles := array[(r ->> 'profile_id')::int];
    part := r ->> 'target';
`;
const ENDORSER_FACE = `    -- a profile image is the owner's face beside every endorsement they gave
    if r ->> 'target' = 'profile' then
      endorser := (select p.user_id from profiles p where p.id = (r ->> 'profile_id')::int);
    end if;
`;

async function replaceInChangeFunction(knex: Knex, from: string, to: string): Promise<void> {
  const { rows } = (await knex.raw("select pg_get_functiondef('turnout_change'::regproc) as def")) as {
    rows: Array<{ def: string }>;
  };
  const definition = rows[0]!.def;
  if (!definition.includes(from)) throw new Error('turnout_change() is not the function this migration expects');
  await knex.raw(definition.replace(from, to).replaceAll('?', '\\?'));
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table profiles add column banner_photo_id integer');
  await knex.raw(`alter table profiles add constraint profiles_banner_photo_fk
    foreign key (banner_photo_id, id) references photos (id, profile_id) on delete set null (banner_photo_id)`);
  await knex.raw(
    'create index profiles_banner_photo_idx on profiles (banner_photo_id) where banner_photo_id is not null',
  );
  await replaceInChangeFunction(knex, PHOTO_LINK_BRANCH, PHOTO_LINK_BRANCH + ENDORSER_FACE);
}

export async function down(knex: Knex): Promise<void> {
  await replaceInChangeFunction(knex, PHOTO_LINK_BRANCH + ENDORSER_FACE, PHOTO_LINK_BRANCH);
  await knex.raw('alter table profiles drop column banner_photo_id');
}
