import type { Knex } from 'knex';

/**
 * Expiry dates precise enough to remind (docs/decisions/expiry-reminders.md): a certification may carry a month or a full date
 * (`expires_on`, `MM/YYYY` or `MM/DD/YYYY`) beside the spec's expiry year; a license's expiry may be a full date
 * as well as `MM/YYYY` (or the legacy `YYYY`). Existing rows are valid as they are.
 */
const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[12][0-9]|3[01])';
const PRECISE = `${MONTH}/([0-9]{4}|${DAY}/[0-9]{4})`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile_certifications', (t) => {
    t.text('expires_on');
  });
  await knex.raw(
    `alter table profile_certifications add constraint profile_certifications_expires_on_format check (expires_on ~ '^${PRECISE}$')`,
  );
  await knex.raw('alter table profile_licenses drop constraint profile_licenses_expires_format');
  await knex.raw(
    `alter table profile_licenses add constraint profile_licenses_expires_format check (expires ~ '^(${PRECISE}|[0-9]{4})$')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table profile_licenses drop constraint profile_licenses_expires_format');
  await knex.raw(
    "update profile_licenses set expires = substr(expires, 1, 3) || substr(expires, 7) where expires ~ '^../../....$'",
  );
  await knex.raw(
    "alter table profile_licenses add constraint profile_licenses_expires_format check (expires ~ '^((0[1-9]|1[0-2])/[0-9]{4}|[0-9]{4})$')",
  );
  await knex.schema.alterTable('profile_certifications', (t) => {
    t.dropColumn('expires_on');
  });
}
