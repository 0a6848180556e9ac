import type { Knex } from 'knex';

/**
 * The search words of new departments are written once per statement, not once per row: an insert's trigger
 * reads all the statement's new rows (a transition table) and fills department_vocabulary and department_words
 * in two set-based inserts. A bulk load (the 3,216 registry departments on a new database, an import) no longer
 * runs a trigger function and four statements per department. A change of name, city or state keeps the row
 * trigger of 20261123007300_department_search_state (transition tables cannot go with a column list).
 */

const insertedFunction = `
  create or replace function department_words_inserted() returns trigger language plpgsql as $$
  begin
    insert into department_vocabulary (word)
      select distinct w
      from new_departments d, regexp_split_to_table(d.search_text, '[^[:alnum:]]+') as w
      where w <> ''
      on conflict do nothing;
    insert into department_words (word, department_id, text_length, state_code)
      select distinct w, d.id, length(d.search_text), department_state_code(d.state)
      from new_departments d, regexp_split_to_table(d.search_text, '[^[:alnum:]]+') as w
      where w <> ''
      on conflict do nothing;
    return null;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(insertedFunction);
  await knex.raw('drop trigger departments_words on departments');
  await knex.raw(`create trigger departments_words after update of name, city, state
    on departments for each row execute function department_words_refresh()`);
  await knex.raw(`create trigger departments_words_inserted after insert on departments
    referencing new table as new_departments for each statement execute function department_words_inserted()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger departments_words_inserted on departments');
  await knex.raw('drop trigger departments_words on departments');
  await knex.raw(`create trigger departments_words after insert or update of name, city, state
    on departments for each row execute function department_words_refresh()`);
  await knex.raw('drop function department_words_inserted()');
}
