import type { Knex } from 'knex';

/**
 * Recovery codes as keyed hashes (docs/decisions/recovery-codes-keyed-hash.md): `recovery_codes.code_digest`, the
 * HMAC-SHA-256 of the user id and the code, looked up by (user_id, code_digest) — in place of `code_hash`, an
 * argon2id hash that every guess had to try against each unused code.
 *
 * An argon2 hash cannot be turned into the keyed hash (the code is not stored), so the codes made before are
 * retired here: each owner who still had unused ones gets a `recovery_codes_retired` event in their security log
 * (Account Settings → Security says to make new ones), and every old row goes. Two-factor itself stays on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into security_events (user_id, kind, detail)
    select user_id, 'recovery_codes_retired', jsonb_build_object('retired', count(*)::int)
    from recovery_codes where used_at is null group by user_id
  `);
  await knex('recovery_codes').delete();
  await knex.schema.alterTable('recovery_codes', (t) => {
    t.dropColumn('code_hash');
    t.text('code_digest').notNullable();
    t.index(['user_id', 'code_digest'], 'recovery_codes_user_digest_index');
  });
  await knex.raw('drop index if exists recovery_codes_user_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex('recovery_codes').delete();
  await knex.schema.alterTable('recovery_codes', (t) => {
    t.dropIndex(['user_id', 'code_digest'], 'recovery_codes_user_digest_index');
    t.dropColumn('code_digest');
    t.text('code_hash').notNullable();
    t.index(['user_id'], 'recovery_codes_user_index');
  });
}
