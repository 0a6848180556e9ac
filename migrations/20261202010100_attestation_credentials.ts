import type { Knex } from 'knex';

/**
 * docs/decisions/verifiable-credentials.md: a certification or license a department attests is signed as its own credential
 * (Open Badges `Certification` / `License`), tied to the attestation. When the attestation goes (an edit of what
 * was attested deletes it, migrations/20261201020000_department_readiness.ts), its credentials are revoked in the
 * same statement: before the row goes, so before the foreign key lets go of it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('issued_credentials', (t) => {
    t.integer('attestation_id').references('id').inTable('credential_attestations').onDelete('SET NULL');
    t.index(['attestation_id'], 'issued_credentials_attestation_index');
  });
  await knex.raw(`
create function revoke_attestation_credentials() returns trigger language plpgsql as $$
begin
  update issued_credentials set revoked_at = now(), revoked_reason = 'attestation dropped'
    where attestation_id = old.id and revoked_at is null;
  return old;
end $$`);
  await knex.raw(`create trigger credential_attestations_revoke before delete on credential_attestations
    for each row execute function revoke_attestation_credentials()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger credential_attestations_revoke on credential_attestations');
  await knex.raw('drop function revoke_attestation_credentials()');
  await knex.schema.alterTable('issued_credentials', (t) => {
    t.dropIndex(['attestation_id'], 'issued_credentials_attestation_index');
    t.dropColumn('attestation_id');
  });
}
