import type { Knex } from 'knex';

/**
 * The photo gallery (spec 02 §3 "Photo", "Photo folder"). Image bytes never go into the database: a photo row
 * names its files by `storage_key` (server-generated, random) in the media store (src/services/photos/store.ts).
 * Photos are addressed by `position` in the profile's gallery (the API's index), like list items.
 * Links from widgets to photos are kept on the items (timeline.photo, incidents.photos…), see docs/decisions/photo-links.md
 * "Photo links".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('photo_folders', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('type').notNullable().defaultTo('custom');
    t.text('color').notNullable().defaultTo('#6b7280');
    t.text('description');
    t.integer('parent_id').references('photo_folders.id').onDelete('SET NULL');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamps(true, true);
    t.check("type in ('custom', 'system')", [], 'photo_folders_type_check');
    t.check("color ~ '^#[0-9a-fA-F]{6}$'", [], 'photo_folders_color_check');
    t.index(['profile_id']);
  });
  await knex.schema.createTable('photos', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('caption');
    t.text('category').notNullable().defaultTo('milestone');
    t.integer('folder_id').references('photo_folders.id').onDelete('SET NULL');
    t.boolean('show_on_main_profile').notNullable().defaultTo(false);
    t.text('visibility').notNullable().defaultTo('public');
    t.timestamp('upload_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('tags').notNullable().defaultTo('[]');
    /** Where its files live: `photos/{storage_key}/{variant}.{webp|jpg}`; changes when a public photo stops being public. */
    t.text('storage_key').notNullable();
    t.text('original_name');
    t.integer('original_size').notNullable();
    /** Bytes stored for the large WebP variant (metadata.fileSize). */
    t.integer('file_size').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    /** Each variant's pixel size: {thumbnail: {width, height}, medium: …, large: …}. */
    t.jsonb('variants').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.timestamps(true, true);
    t.check("category in ('milestone', 'action', 'training', 'ceremony')", [], 'photos_category_check');
    t.check("visibility in ('public', 'authenticated', 'private')", [], 'photos_visibility_check');
    t.check("jsonb_typeof(tags) = 'array'", [], 'photos_tags_array');
    t.check('position >= 0', [], 'photos_position_check');
    t.unique(['storage_key'], { indexName: 'photos_storage_key_unique' });
    t.unique(['profile_id', 'position'], { indexName: 'photos_profile_position_unique', deferrable: 'immediate' });
    t.index(['folder_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('photos');
  await knex.schema.dropTable('photo_folders');
}
