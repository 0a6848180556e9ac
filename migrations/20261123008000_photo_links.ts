import type { Knex } from 'knex';

/**
 * Photo links as rows (docs/decisions/photo-links.md): which gallery photo is linked to which list item, in which order, and which
 * photo is the profile image. They used to be photo ids kept as text inside the items (timeline.photo,
 * incidents.photos, …) and the photo's URL in profiles.profile_image.
 *
 * - `target` is the widget; the item is named by the one column for its table, each a foreign key that
 *   cascades (deleting a photo, an item or a profile removes its links in the same statement). The profile
 *   image names no item.
 * - The photo and the item belong to the link's profile: composite foreign keys (photo_id, profile_id) and
 *   (item, profile_id), so a link can never name another profile's photo.
 * - The caps (timeline, status updates, stations and the profile image 1; incidents 5; awards 3) are a CHECK on
 *   the position; a photo is linked once per item and each position holds one photo.
 * - profiles.profile_image keeps only an external https URL (profile_image_url); the owner's own photo is a link.
 *
 * Moving the data: ids that name a photo of the same profile become rows, in their order, duplicates and ids
 * past the cap dropped (an award's primary photo first); a profile image that is the URL of one of the owner's
 * public photos becomes a link, an https URL stays, anything else (`javascript:` …) is dropped.
 */

/** Each list with links: its table, the link's item column, and its old columns (single id / JSON list). */
const LISTS = [
  { target: 'timeline', table: 'profile_timeline', column: 'timeline_id', single: 'photo' },
  { target: 'statusUpdates', table: 'profile_status_updates', column: 'status_update_id', single: 'photo' },
  { target: 'incidents', table: 'profile_incidents', column: 'incident_id', many: 'photos' },
  { target: 'awards', table: 'profile_awards', column: 'award_id', single: 'primary_photo', many: 'photos' },
  { target: 'fireStations', table: 'profile_fire_stations', column: 'fire_station_id', single: 'station_photo' },
] as const satisfies ReadonlyArray<{ target: string; table: string; column: string; single?: string; many?: string }>;

const CAPS: Record<string, number> = { incidents: 5, awards: 3 };
const capOf = (target: string) => CAPS[target] ?? 1;
const TARGETS = [...LISTS.map((l) => l.target), 'profile'];
const ITEM_COLUMNS = LISTS.map((l) => l.column);

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table photos add constraint photos_id_profile_unique unique (id, profile_id)');
  for (const { table } of LISTS) {
    await knex.raw(`alter table ?? add constraint ?? unique (id, profile_id)`, [table, `${table}_id_profile_unique`]);
  }
  const capCase = `case target ${Object.entries(CAPS)
    .map(([target, max]) => `when '${target}' then ${max}`)
    .join(' ')} else 1 end`;
  await knex.schema.createTable('photo_links', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('photo_id').notNullable();
    t.text('target').notNullable();
    for (const column of ITEM_COLUMNS) t.integer(column);
    t.integer('position').notNullable();
    t.foreign(['photo_id', 'profile_id'], 'photo_links_photo_fk')
      .references(['id', 'profile_id'])
      .inTable('photos')
      .onDelete('CASCADE');
    for (const { table, column } of LISTS) {
      t.foreign([column, 'profile_id'], `photo_links_${column}_fk`)
        .references(['id', 'profile_id'])
        .inTable(table)
        .onDelete('CASCADE');
    }
    t.check(`target in (${TARGETS.map((v) => `'${v}'`).join(', ')})`, [], 'photo_links_target_check');
    // The item column that is set is the target's own (none for the profile image).
    t.check(
      `num_nonnulls(${ITEM_COLUMNS.join(', ')}) = (case when target = 'profile' then 0 else 1 end) and ` +
        LISTS.map((l) => `(${l.column} is null or target = '${l.target}')`).join(' and '),
      [],
      'photo_links_item_check',
    );
    t.check(`position >= 0 and position < ${capCase}`, [], 'photo_links_cap_check');
  });
  // One column naming the item whatever its table (0: the profile image), for the unique keys.
  await knex.raw(
    `alter table photo_links add column item_id integer generated always as (coalesce(${ITEM_COLUMNS.join(', ')}, 0)) stored not null`,
  );
  await knex.raw(
    'alter table photo_links add constraint photo_links_position_unique unique (profile_id, target, item_id, position)',
  );
  await knex.raw(
    'alter table photo_links add constraint photo_links_photo_unique unique (profile_id, target, item_id, photo_id)',
  );
  await knex.raw('create index photo_links_photo_id_index on photo_links (photo_id)');
  for (const { column } of LISTS) {
    await knex.raw(`create index ?? on photo_links (??) where ?? is not null`, [
      `photo_links_${column}_index`,
      column,
      column,
    ]);
  }

  // The ids kept in the items: each list's refs in order (the single one first), those naming a photo of the
  // same profile, the first occurrence of each, up to the cap.
  for (const { target, table, column, ...old } of LISTS) {
    const parts = [
      'single' in old ? `select t.${old.single} as ref, 0 as part, 0::bigint as ord` : null,
      'many' in old
        ? `select e.ref, 1 as part, e.ord from jsonb_array_elements_text(t.${old.many}) with ordinality as e(ref, ord)`
        : null,
    ].filter(Boolean);
    await knex.raw(
      `insert into photo_links (profile_id, photo_id, target, ${column}, position)
       select profile_id, photo_id, ?, item, position from (
         select profile_id, photo_id, item,
                (row_number() over (partition by item order by part, ord) - 1)::int as position
         from (
           select distinct on (t.id, ph.id) t.profile_id, t.id as item, ph.id as photo_id, r.part, r.ord
           from ?? t
           cross join lateral (${parts.join(' union all ')}) r
           join photos ph on ph.profile_id = t.profile_id and r.ref ~ '^[1-9][0-9]{0,8}$' and ph.id = r.ref::int
           order by t.id, ph.id, r.part, r.ord
         ) firsts
       ) ordered
       where position < ?`,
      [target, table, capOf(target)],
    );
  }
  await knex.raw(
    `insert into photo_links (profile_id, photo_id, target, position)
     select pr.id, ph.id, 'profile', 0
     from profiles pr
     join photos ph on ph.profile_id = pr.id and ph.visibility = 'public'
       and ph.storage_key = substring(pr.profile_image from '^/media/photos/([0-9a-f]{32})/')`,
  );
  await knex.raw(`alter table profiles rename column profile_image to profile_image_url`);
  await knex.raw(`update profiles set profile_image_url = null where profile_image_url !~ '^https://[^\\s]+$'`);
  await knex.raw(
    `alter table profiles add constraint profiles_profile_image_url_check check (profile_image_url ~ '^https://[^\\s]+$')`,
  );

  for (const { table, ...old } of LISTS) {
    await knex.schema.alterTable(table, (t) => {
      if ('single' in old) t.dropColumn(old.single);
      if ('many' in old) t.dropColumn(old.many);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { target, table, column, ...old } of LISTS) {
    await knex.schema.alterTable(table, (t) => {
      if ('single' in old) t.text(old.single);
      if ('many' in old) t.jsonb(old.many).notNullable().defaultTo('[]');
    });
    if ('many' in old) {
      await knex.raw(`alter table ?? add constraint ?? check (jsonb_typeof(??) = 'array')`, [
        table,
        `${table}_${old.many}_array`,
        old.many,
      ]);
      await knex.raw(
        `update ?? t set ?? = l.ids from (
           select ?? as item, jsonb_agg(photo_id::text order by position) as ids from photo_links where target = ? group by ??
         ) l where l.item = t.id`,
        [table, old.many, column, target, column],
      );
    }
    if ('single' in old) {
      await knex.raw(`update ?? t set ?? = l.photo_id::text from photo_links l where l.?? = t.id and l.position = 0`, [
        table,
        old.single,
        column,
      ]);
    }
  }
  await knex.raw('alter table profiles drop constraint profiles_profile_image_url_check');
  await knex.raw('alter table profiles rename column profile_image_url to profile_image');
  await knex.raw(
    `update profiles pr set profile_image = '/media/photos/' || ph.storage_key || '/medium.jpg'
     from photo_links l join photos ph on ph.id = l.photo_id
     where l.target = 'profile' and l.profile_id = pr.id`,
  );
  await knex.schema.dropTable('photo_links');
  for (const { table } of LISTS) {
    await knex.raw(`alter table ?? drop constraint ??`, [table, `${table}_id_profile_unique`]);
  }
  await knex.raw('alter table photos drop constraint photos_id_profile_unique');
}
