import type { Knex } from 'knex';

/**
 * The profile's lists (spec 02 §3), one table each (docs/decisions/profile-lists.md). Every item has a stable `id`, its
 * `position` in the profile's list (0-based; unique per profile, checked at the end of each statement so a
 * delete can renumber the rest in one update), `show_on_main_profile`, a `visibility`, and a `version` that
 * grows with each write (the item's ETag; If-Match). The spec's enumerations are CHECK constraints; nested
 * lists are JSONB arrays (their items are validated on write by the list's schema, src/validation/lists).
 * A list's own `position` field (timeline events, fire stations: the job held) is the column `job_position`.
 */
type Columns = (t: Knex.CreateTableBuilder) => void;

const VISIBILITY = ['public', 'authenticated', 'private'];
const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

const LISTS: Array<{ table: string; columns: Columns; choices?: Record<string, string[]>; json?: string[] }> = [
  {
    table: 'profile_timeline',
    columns: (t) => {
      for (const c of ['date', 'title', 'description', 'department', 'job_position', 'location', 'photo']) t.text(c);
      t.text('year').notNullable();
      t.text('event').notNullable();
      t.text('type').notNullable();
      t.boolean('is_primary');
    },
    choices: {
      type: [
        'hired',
        'promoted',
        'transferred',
        'retired',
        'joined',
        'appointed',
        'elected',
        'step_down',
        'associate_status',
        'training_completed',
        'award_received',
        'special_assignment',
        'milestone',
        'assignment',
        'incident',
        'promotion',
      ],
    },
  },
  {
    table: 'profile_status_updates',
    columns: (t) => {
      for (const c of ['date', 'type', 'priority', 'photo']) t.text(c);
      t.text('title').notNullable();
      t.text('content').notNullable();
    },
    choices: {
      type: ['announcement', 'achievement', 'training', 'deployment', 'milestone', 'general'],
      priority: ['low', 'normal', 'high'],
    },
  },
  {
    table: 'profile_incidents',
    columns: (t) => {
      for (const c of ['date', 'location', 'title', 'description', 'department']) t.text(c).notNullable();
      for (const c of ['type', 'severity', 'detailed_story', 'outcome_result', 'lessons_learned']) t.text(c);
    },
    choices: {
      type: [
        'structure_fire',
        'vehicle_accident',
        'medical_emergency',
        'wildfire',
        'hazmat',
        'technical_rescue',
        'public_service',
        'mutual_aid',
      ],
      severity: ['routine', 'significant', 'major', 'critical'],
    },
    json: ['units_responded', 'media_urls', 'photos'],
  },
  {
    table: 'profile_awards',
    columns: (t) => {
      for (const c of ['name', 'year', 'type']) t.text(c).notNullable();
      for (const c of ['icon', 'citation', 'significance', 'awarded_by', 'ceremony', 'primary_photo']) t.text(c);
    },
    choices: {
      type: [
        'medal',
        'ribbon',
        'citation',
        'commendation',
        'lifesaving',
        'service',
        'valor',
        'unit',
        'community',
        'other',
      ],
    },
    json: ['photos', 'media_links'],
  },
  {
    table: 'profile_certifications',
    columns: (t) => {
      t.text('name').notNullable();
      t.text('issuer').notNullable();
      t.integer('year').notNullable();
      t.integer('expires');
      t.text('icon');
    },
  },
  {
    table: 'profile_licenses',
    columns: (t) => {
      for (const c of ['name', 'type', 'issued', 'expires', 'status']) t.text(c).notNullable();
      t.text('icon');
      t.text('expiration_visibility').notNullable().defaultTo('authenticated');
      t.check("expires ~ '^((0[1-9]|1[0-2])/[0-9]{4}|[0-9]{4})$'", [], 'profile_licenses_expires_format');
    },
    choices: { status: ['active', 'expiring', 'expired'], expiration_visibility: VISIBILITY },
  },
  {
    table: 'profile_skills',
    columns: (t) => {
      for (const c of ['name', 'category', 'level']) t.text(c).notNullable();
      t.text('description');
      t.integer('years_experience');
    },
    choices: {
      category: ['firefighter', 'leadership', 'professional'],
      level: ['beginner', 'intermediate', 'advanced', 'expert'],
    },
    json: ['certifications', 'endorsements'],
  },
  {
    table: 'profile_gear',
    columns: (t) => {
      for (const c of ['name', 'station', 'years', 'description']) t.text(c).notNullable();
    },
  },
  {
    table: 'profile_special_units',
    columns: (t) => {
      for (const c of ['name', 'years', 'description']) t.text(c).notNullable();
    },
  },
  {
    table: 'profile_fire_stations',
    columns: (t) => {
      t.text('station_name').notNullable();
      for (const c of [
        'station_number',
        'location',
        'start_year',
        'end_year',
        'job_position',
        'apparatus',
        'station_photo',
        'years',
        'description',
      ])
        t.text(c);
    },
    json: ['specialties'],
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, columns, choices = {}, json = [] } of LISTS) {
    await knex.schema.createTable(table, (t) => {
      t.increments('id').primary();
      t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
      t.integer('position').notNullable();
      columns(t);
      for (const column of json) {
        t.jsonb(column).notNullable().defaultTo('[]');
        t.check(`jsonb_typeof(${column}) = 'array'`, [], `${table}_${column}_array`);
      }
      t.boolean('show_on_main_profile').notNullable().defaultTo(true);
      t.text('visibility').notNullable().defaultTo('public');
      t.integer('version').notNullable().defaultTo(1);
      t.timestamps(true, true);
      t.check('position >= 0', [], `${table}_position_check`);
      for (const [column, values] of Object.entries({ ...choices, visibility: VISIBILITY })) {
        t.check(`${column} in (${quoted(values)})`, [], `${table}_${column}_check`);
      }
      // Checked at the end of each statement: a delete renumbers the items after it in one update.
      t.unique(['profile_id', 'position'], { indexName: `${table}_profile_position_unique`, deferrable: 'immediate' });
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table } of [...LISTS].reverse()) await knex.schema.dropTable(table);
}
