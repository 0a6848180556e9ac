import type { Knex } from 'knex';

/**
 * Proof documents (docs/decisions/proof-documents.md): a PDF or an image the owner attaches to one certification,
 * license, timeline entry or award, to put in an application packet. Always private: no page, list or share file
 * shows them; only the owner (and admins) read them.
 *
 * - `target` is the list; the item is named by the one column for its table, each a composite foreign key
 *   (item, profile_id) that cascades, as photo_links' (a document can never name another profile's item).
 * - The bytes live in the media store under `documents/{storage_key}/…`, never in the database. Whenever a row
 *   goes (the owner removes it; its item, profile or account is deleted) a trigger records its file for removal
 *   in `pending_file_deletions` in the same transaction: no cascade leaves a file behind, and a rollback removes
 *   nothing.
 * - No kept page shows a document, so the table needs no change trigger.
 */
const ITEMS = [
  { target: 'certifications', table: 'profile_certifications', column: 'certification_id', own: true },
  { target: 'licenses', table: 'profile_licenses', column: 'license_id', own: true },
  { target: 'timeline', table: 'profile_timeline', column: 'timeline_id', own: false },
  { target: 'awards', table: 'profile_awards', column: 'award_id', own: false },
] as const;
const COLUMNS = ITEMS.map((i) => i.column);

export async function up(knex: Knex): Promise<void> {
  // timeline and awards have this key already (photo links).
  for (const { table, own } of ITEMS) {
    if (own)
      await knex.raw(`alter table ?? add constraint ?? unique (id, profile_id)`, [table, `${table}_id_profile_unique`]);
  }
  await knex.schema.createTable('proof_documents', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('target').notNullable();
    for (const column of COLUMNS) t.integer(column);
    t.text('title').notNullable();
    t.text('kind').notNullable();
    t.text('storage_key').notNullable().unique();
    t.text('original_name');
    t.integer('file_size').notNullable();
    t.integer('page_count').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    for (const { table, column } of ITEMS) {
      t.foreign([column, 'profile_id'], `proof_documents_${column}_fk`)
        .references(['id', 'profile_id'])
        .inTable(table)
        .onDelete('CASCADE');
    }
    t.check(`target in (${ITEMS.map((i) => `'${i.target}'`).join(', ')})`, [], 'proof_documents_target_check');
    t.check(
      `num_nonnulls(${COLUMNS.join(', ')}) = 1 and ` +
        ITEMS.map((i) => `(${i.column} is null or target = '${i.target}')`).join(' and '),
      [],
      'proof_documents_item_check',
    );
    t.check(`kind in ('pdf', 'image')`, [], 'proof_documents_kind_check');
    t.check(`storage_key ~ '^[0-9a-f]{32}$'`, [], 'proof_documents_storage_key_check');
    t.index(['profile_id']);
  });
  for (const column of COLUMNS) {
    await knex.raw(`create index ?? on proof_documents (??) where ?? is not null`, [
      `proof_documents_${column}_index`,
      column,
      column,
    ]);
  }
  await knex.raw(`
    create function proof_document_files_removed() returns trigger language plpgsql as $$
    begin
      insert into pending_file_deletions (keys)
      select array_agg('documents/' || old_rows.storage_key || '/document.' ||
                       case old_rows.kind when 'pdf' then 'pdf' else 'jpg' end)
      from old_rows
      having count(*) > 0;
      return null;
    end $$`);
  await knex.raw(`
    create trigger proof_documents_files_removed after delete on proof_documents
    referencing old table as old_rows for each statement execute function proof_document_files_removed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table proof_documents');
  await knex.raw('drop function proof_document_files_removed()');
  for (const { table, own } of ITEMS) {
    if (own) await knex.raw(`alter table ?? drop constraint ??`, [table, `${table}_id_profile_unique`]);
  }
}
