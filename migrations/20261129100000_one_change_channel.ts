import type { Knex } from 'knex';
import * as sessionChangeNotify from './20261123009100_session_change_notify';
import * as profileCreatedSessionNotify from './20261125000200_profile_created_session_notify';
import * as verificationSessionNotify from './20261125000300_verification_session_notify';
import * as departmentReadsNotify from './20261126000100_department_reads_notify';

/**
 * Invalidation lives in the database (docs/architecture.md, Kept pages and per-node caches): one trigger function,
 * `turnout_change()`, on every table a kept page or a kept answer shows. Whoever writes — a service, a cascade, a
 * migration, an operator's psql — it
 * - bumps what the write changes: the profile's `version` and, in `section_versions`, the part of its page the
 *   table feeds (a list's key, `photos`, a photo link's target, `*` for everything); and the profiles that show
 *   a fact about the writer elsewhere: every profile whose skills a user endorsed shows that user's name, rank,
 *   live profile, active state and verified departments;
 * - sends one notification on one channel, `turnout_changes`, delivered at commit: `profile:<id>` (a profile's kept
 *   pages), `user:<id>` (what a user's sessions carry, and their department links), `departments` (any
 *   departments row). Postgres folds identical notifications of one transaction into one.
 *
 * The trigger's arguments say what the table's rows are (tg_argv[0]) and, for profile content, the part of the page
 * it feeds (tg_argv[1]). It replaces the session and department triggers and the bumps written by hand in services.
 */
const CHANNEL = 'turnout_changes';

/** The profile lists and the page section each feeds (src/validation/lists). */
export const LIST_SECTIONS: Record<string, string> = {
  profile_timeline: 'timeline',
  profile_status_updates: 'statusUpdates',
  profile_incidents: 'incidents',
  profile_awards: 'awards',
  profile_certifications: 'certifications',
  profile_licenses: 'licenses',
  profile_skills: 'skills',
  profile_gear: 'gear',
  profile_special_units: 'specialUnits',
  profile_fire_stations: 'fireStations',
};

/** `last_seen_at` alone (src/services/sessionActivity.ts) changes nothing a session carries. */
const SESSION_CARRIES_CHANGED = `old.user_id is distinct from new.user_id or old.token_hash is distinct from new.token_hash
  or old.data is distinct from new.data or old.expires_at is distinct from new.expires_at
  or old.proved_at is distinct from new.proved_at`;

/** Every row-level trigger this migration makes: table, events, the rows' kind, its section, a condition. */
const ROW_TRIGGERS: Array<{ table: string; events: string; what: string; part?: string; when?: string }> = [
  { table: 'profiles', events: 'insert or update or delete', what: 'profile' },
  ...Object.entries(LIST_SECTIONS).map(([table, part]) => ({
    table,
    events: 'insert or update or delete',
    what: 'content',
    part,
  })),
  { table: 'photos', events: 'insert or update or delete', what: 'content', part: 'photos' },
  { table: 'photo_folders', events: 'insert or update or delete', what: 'content', part: 'photos' },
  { table: 'photo_links', events: 'insert or update or delete', what: 'photo_link' },
  { table: 'skill_endorsements', events: 'insert or update or delete', what: 'endorsement', part: 'skills' },
  { table: 'users', events: 'update or delete', what: 'user' },
  { table: 'sessions', events: 'delete', what: 'session' },
  {
    table: 'sessions',
    events: 'update',
    what: 'session',
    when: SESSION_CARRIES_CHANGED,
  },
  { table: 'membership_verifications', events: 'insert or update or delete', what: 'membership', part: '*' },
  { table: 'user_departments', events: 'insert or update or delete', what: 'membership', part: '*' },
  { table: 'department_verifiers', events: 'insert or delete', what: 'verifier' },
];

const triggerName = (table: string, events: string) =>
  `${table}_${events === 'update' && table === 'sessions' ? 'updated' : 'changed'}`;

const FUNCTION = `
create function turnout_change() returns trigger language plpgsql as $$
declare
  what constant text := tg_argv[0];
  -- the part of the profile page a write to this table changes; null: the profile's own fields alone
  part text := tg_argv[1];
  r jsonb;
  was jsonb;
  owner_profiles int[] := '{}';
  endorser int;
  member int;
begin
  if tg_level = 'STATEMENT' then
    -- departments: search answers and every user's links show them; on an update, the profiles that show a
    -- department's name or page link (its members' badges, a profile's department) change with it
    perform pg_notify('${CHANNEL}', 'departments');
    if tg_op = 'UPDATE' then
      update profiles set version = version + 1, updated_at = now(),
             section_versions = section_versions || jsonb_build_object('*', version + 1)
       where id in (
         select p.id from profiles p
          where p.department_id in (select d.id from new_departments d join old_departments o using (id)
                                     where (d.name, d.verification_status) is distinct from (o.name, o.verification_status))
             or p.user_id in (select mv.user_id from membership_verifications mv
                               where mv.status = 'approved' and mv.department_id in (
                                 select d.id from new_departments d join old_departments o using (id)
                                  where d.name is distinct from o.name)));
    end if;
    return null;
  end if;

  if tg_when = 'BEFORE' then
    -- profiles: an update that does not move the version itself changes what the page shows
    if new.version is not distinct from old.version then
      new.version := old.version + 1;
    end if;
    return new;
  end if;

  r := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  was := case when tg_op = 'UPDATE' then to_jsonb(old) end;

  if what = 'profile' then
    perform pg_notify('${CHANNEL}', 'profile:' || (r ->> 'id'));
    -- a user's sessions carry their own profile's id (the menu's My Profile)
    if tg_op <> 'UPDATE' then member := (r ->> 'user_id')::int; end if;
    -- the profiles they endorsed show their live profile's name, rank and link
    if tg_op = 'UPDATE' and (was -> 'name', was -> 'rank', was -> 'profile_status')
                            is distinct from (r -> 'name', r -> 'rank', r -> 'profile_status') then
      endorser := (r ->> 'user_id')::int;
    end if;
  elsif what = 'content' then
    owner_profiles := array[(r ->> 'profile_id')::int];
  elsif what = 'photo_link' then
    owner_profiles := array[(r ->> 'profile_id')::int];
    part := r ->> 'target';
  elsif what = 'endorsement' then
    owner_profiles := array(select s.profile_id from profile_skills s where s.id = (r ->> 'skill_id')::int);
  elsif what = 'user' then
    member := (r ->> 'id')::int;
    if tg_op = 'UPDATE' then
      -- their profile shows their username and is shown while they are active
      if (was -> 'username', was -> 'is_active', was -> 'name')
         is distinct from (r -> 'username', r -> 'is_active', r -> 'name') then
        owner_profiles := array(select p.id from profiles p where p.user_id = member);
      end if;
      -- endorsements show the endorser's account name (without a live profile) and only while they are active
      if (was -> 'name', was -> 'is_active') is distinct from (r -> 'name', r -> 'is_active') then
        endorser := member;
      end if;
    end if;
  elsif what in ('session', 'verifier') then
    member := (r ->> 'user_id')::int;
  elsif what = 'membership' then
    -- sessions carry the verified departments, the profile shows the badges, endorsements the shared department
    member := (r ->> 'user_id')::int;
    owner_profiles := array(select p.id from profiles p where p.user_id = member);
    endorser := member;
  end if;

  if member is not null then
    perform pg_notify('${CHANNEL}', 'user:' || member);
  end if;
  if cardinality(owner_profiles) > 0 then
    update profiles set version = version + 1, updated_at = now(),
           section_versions = case when part is null then section_versions
                                   else section_versions || jsonb_build_object(part, version + 1) end
     where id = any(owner_profiles);
  end if;
  if endorser is not null then
    update profiles set version = version + 1, updated_at = now(),
           section_versions = section_versions || jsonb_build_object('skills', version + 1)
     where id in (select s.profile_id from skill_endorsements se join profile_skills s on s.id = se.skill_id
                   where se.endorser_id = endorser);
  end if;
  return null;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await dropOldTriggers(knex);
  await knex.raw(FUNCTION);
  await knex.raw(`
    create trigger profiles_next_version before update on profiles
    for each row execute function turnout_change('profile')`);
  for (const { table, events, what, part, when } of ROW_TRIGGERS) {
    const args = [what, ...(part ? [part] : [])].map((arg) => `'${arg}'`).join(', ');
    await knex.raw(`
      create trigger ${triggerName(table, events)} after ${events} on ${table}
      for each row ${when ? `when (${when})` : ''} execute function turnout_change(${args})`);
  }
  await knex.raw(`
    create trigger departments_changed after insert or delete or truncate on departments
    for each statement execute function turnout_change('departments')`);
  await knex.raw(`
    create trigger departments_updated after update on departments
    referencing old table as old_departments new table as new_departments
    for each statement execute function turnout_change('departments')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists departments_updated on departments');
  await knex.raw('drop trigger if exists departments_changed on departments');
  for (const { table, events } of ROW_TRIGGERS) {
    await knex.raw(`drop trigger if exists ${triggerName(table, events)} on ${table}`);
  }
  await knex.raw('drop trigger if exists profiles_next_version on profiles');
  await knex.raw('drop function if exists turnout_change()');
  await restoreOldTriggers(knex);
}

/** The triggers this one replaces (migrations 20261123009100, 20261125000200/300, 20261125006100, 20261126000100). */
async function dropOldTriggers(knex: Knex): Promise<void> {
  const old: Array<[string, string]> = [
    ['users', 'users_session_changed'],
    ['sessions', 'sessions_session_changed'],
    ['sessions', 'sessions_session_updated'],
    ['profiles', 'profiles_session_changed'],
    ['membership_verifications', 'membership_verifications_session_changed'],
    ['user_departments', 'user_departments_session_changed'],
    ['department_verifiers', 'department_verifiers_session_changed'],
    ['departments', 'departments_changed'],
    ['user_departments', 'user_departments_departments_changed'],
    ['membership_verifications', 'membership_verifications_departments_changed'],
  ];
  for (const [table, trigger] of old) await knex.raw(`drop trigger if exists ${trigger} on ${table}`);
  for (const fn of [
    'notify_session_changed',
    'notify_row_user_session_changed',
    'notify_departments_changed',
    'notify_row_user_departments_changed',
  ]) {
    await knex.raw(`drop function if exists ${fn}()`);
  }
}

/** The triggers as they were: their own migrations again, with the `sessions` triggers as 20261125006100 left them. */
async function restoreOldTriggers(knex: Knex): Promise<void> {
  await sessionChangeNotify.up(knex);
  await profileCreatedSessionNotify.up(knex);
  await verificationSessionNotify.up(knex);
  await departmentReadsNotify.up(knex);
  await knex.raw('drop trigger if exists sessions_session_changed on sessions');
  await knex.raw(`
    create trigger sessions_session_changed after delete on sessions
    for each row execute function notify_session_changed('user_id')`);
  await knex.raw(`
    create trigger sessions_session_updated after update on sessions for each row when (${SESSION_CARRIES_CHANGED})
    execute function notify_session_changed('user_id')`);
}
