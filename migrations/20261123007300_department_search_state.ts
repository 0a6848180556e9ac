import type { Knex } from 'knex';
import { US_STATES } from '../src/validation/usStates';

/**
 * Department search narrowed to a state ("Springfield IL", src/services/departments/search.ts), at a cost bounded
 * by the answer, not by the table.
 *
 * department_state_code(state): a department's state as a USPS code. The registry stores codes; a user adding
 * a department types the state freely ("Illinois", "il"), so a name maps to its code, a code is upper-cased,
 * and anything else is kept upper-cased (it matches no code). Immutable, so it can key an index; it is built
 * from src/validation/usStates.ts as that list stands now — a later change to the list needs a migration that
 * recreates the function and reindexes.
 *
 * departments_search_state: a state's departments in rank order (length, name, id), covering what the walk
 * filters on (and `state` itself, which an index-only scan needs to evaluate the key's expression), so a
 * query made of fire-service words in a state ("fire department il") reads only that state's departments.
 * Its leading column also gives the sparse plans a bitmap of the state's departments to AND with the prefix
 * or trigram candidates before any row is read. departments_search_state_initials: a state's names sharing a
 * place's first two characters, in rank order ("oak il", "cedar iowa"), where the all-state initials walk
 * would read every state's "cedar…" names to keep Iowa's.
 *
 * department_words.state_code: the fuzzy tier of a state-narrowed search ("sprngfield il") takes the shortest
 * FUZZY_CANDIDATES departments of the state, index-only; filtering after that limit would lose the state's
 * departments behind the shorter ones of other states. Kept by the words trigger, which now also runs when a
 * department's state changes.
 */

const stateCodeFunction = () => {
  const cases = US_STATES.map(({ code, name }) => `when '${name.toUpperCase()}' then '${code}'`).join('\n      ');
  return `create or replace function department_state_code(state text) returns text
    language sql immutable parallel safe as $$
    select case upper(btrim(state))
      ${cases}
      else upper(btrim(state)) end
    $$`;
};

/** The trigger function of 20261123007200_department_search_bounds, with or without the state column. */
const refreshFunction = (withState: boolean) => `
  create or replace function department_words_refresh() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      delete from department_words where department_id = old.id;
    end if;
    insert into department_vocabulary (word)
      select distinct w from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') as w where w <> ''
      on conflict do nothing;
    insert into department_words (word, department_id, text_length${withState ? ', state_code' : ''})
      select distinct w, new.id, length(new.search_text)${withState ? ', department_state_code(new.state)' : ''}
      from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') as w where w <> ''
      on conflict do nothing;
    return null;
  end $$`;

const trigger = (columns: string) => `create trigger departments_words after insert or update of ${columns}
  on departments for each row execute function department_words_refresh()`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(stateCodeFunction());
  await knex.raw(`create index departments_search_state on departments
    (department_state_code(state), (length(search_text)), name, id)
    include (search_text, verification_status, created_by, state)`);
  await knex.raw(`create index departments_search_state_initials on departments
    (department_state_code(state), left(search_text, 2), (length(search_text)), name, id)
    include (search_text, verification_status, created_by, state)`);
  await knex.raw('alter table department_words add column state_code text');
  await knex.raw(`update department_words set state_code = department_state_code(departments.state)
    from departments where departments.id = department_words.department_id`);
  await knex.raw('alter table department_words alter column state_code set not null');
  await knex.raw(refreshFunction(true));
  // A department moved to another state moves its words with it.
  await knex.raw('drop trigger departments_words on departments');
  await knex.raw(trigger('name, city, state'));
  // It answers the all-state lookup index-only as well: it replaces department_words_ranked.
  await knex.raw(`create index department_words_state on department_words
    (word, state_code, text_length, department_id)`);
  await knex.raw('drop index department_words_ranked');
  await knex.raw('analyze departments, department_words');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index department_words_ranked on department_words (word, text_length, department_id)');
  await knex.raw('drop index department_words_state');
  await knex.raw('drop trigger departments_words on departments');
  await knex.raw(trigger('name, city'));
  await knex.raw(refreshFunction(false));
  await knex.raw('alter table department_words drop column state_code');
  await knex.raw('drop index departments_search_state_initials');
  await knex.raw('drop index departments_search_state');
  await knex.raw('drop function department_state_code(text)');
}
