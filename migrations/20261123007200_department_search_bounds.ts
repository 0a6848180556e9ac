import type { Knex } from 'knex';

/**
 * Bounds on department search's cost at national scale (src/services/departments/search.ts).
 *
 * The exact-name category looks the lower-cased name up in a btree of its own: as a prefix of search_text,
 * "city" matched the 2,500 names starting "City of …" only to find none named "City".
 *
 * The fuzzy tier of department search reads only the FUZZY_CANDIDATES shortest departments among those whose
 * words are close to the query's, so its cost no longer grows with how many departments use the word
 * ("valley" leads to 3,000 at 27,000 rows, each costing a row read and a word_similarity()). The word index
 * therefore carries each department's rank key, length(search_text) — the same "shorter text first" as the
 * containment tiers — and an index on (word, text_length, department_id) answers the lookup index-only.
 */

/** The trigger function of 20261123007100_department_words, with or without the length column. */
const refreshFunction = (withLength: boolean) => `
  create or replace function department_words_refresh() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      delete from department_words where department_id = old.id;
    end if;
    insert into department_vocabulary (word)
      select distinct w from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') as w where w <> ''
      on conflict do nothing;
    insert into department_words (word, department_id${withLength ? ', text_length' : ''})
      select distinct w, new.id${withLength ? ', length(new.search_text)' : ''}
      from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') as w where w <> ''
      on conflict do nothing;
    return null;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table department_words add column text_length integer');
  await knex.raw(`update department_words set text_length = length(departments.search_text)
    from departments where departments.id = department_words.department_id`);
  await knex.raw('alter table department_words alter column text_length set not null');
  await knex.raw(refreshFunction(true));
  await knex.raw('create index department_words_ranked on department_words (word, text_length, department_id)');
  await knex.raw('create index departments_name_lower on departments (lower(name))');
  await knex.raw('analyze departments, department_words');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index departments_name_lower');
  await knex.raw('drop index department_words_ranked');
  await knex.raw(refreshFunction(false));
  await knex.raw('alter table department_words drop column text_length');
}
