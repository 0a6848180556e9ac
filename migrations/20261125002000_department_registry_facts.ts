import type { Knex } from 'knex';

/**
 * A department's page (docs/decisions/verified-membership.md) shows the registry's facts beyond the name and address: the department
 * type ("Mostly volunteer", "Career", …), the number of stations and the website, as the U.S. Fire
 * Administration's registry lists them. Filled by the registry import (src/services/departments/registryImport.ts);
 * an existing database gets them by importing the registry again (idempotent; docs/operations.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('departments', (t) => {
    t.text('dept_type');
    t.integer('stations');
    t.text('website');
    t.check('stations is null or stations >= 0', [], 'departments_stations_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('departments', (t) => {
    t.dropChecks(['departments_stations_check']);
    t.dropColumns('dept_type', 'stations', 'website');
  });
}
