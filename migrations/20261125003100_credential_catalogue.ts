import type { Knex } from 'knex';
import { CREDENTIAL_CATALOGUE } from './catalogue/credentialCatalogue';

/**
 * The credential catalogue (docs/decisions/credential-catalogue.md): common U.S. fire-service certifications with their issuing body and
 * usual validity, seeded here (the data and each entry's source: ./catalogue/credentialCatalogue.ts). The
 * certification and license editors autocomplete from it; nothing references its rows (a profile's items keep
 * their own text), so it can be corrected by later migrations without touching anyone's data.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_catalogue', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('issuer').notNullable();
    t.integer('validity_months');
    t.text('kind').notNullable();
    t.text('aliases').notNullable().defaultTo('');
    t.check("kind in ('certification', 'license')", [], 'credential_catalogue_kind');
    t.check('validity_months is null or validity_months > 0', [], 'credential_catalogue_validity');
    t.unique(['name'], { indexName: 'credential_catalogue_name_unique' });
  });
  await knex('credential_catalogue').insert(
    CREDENTIAL_CATALOGUE.map((entry) => ({
      name: entry.name,
      issuer: entry.issuer,
      validity_months: entry.validityMonths,
      kind: entry.kind,
      aliases: entry.aliases ?? '',
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credential_catalogue');
}
