import type { Knex } from 'knex';

/**
 * The fuzzy tier of department search looks typos up in the vocabulary of department names and cities
 * instead of in the names themselves. `word <% search_text` over departments makes the trigram index return
 * every name sharing enough trigrams with the word in ANY of its words ("marion": `ion`, `on ` are in every
 * "Protection", ~1,000 candidates at 27,000 rows, each rechecked); over the distinct words the same trigrams
 * cost a few dozen entries, and the matching words lead to their departments by a btree.
 *
 * department_vocabulary: every distinct word (runs of letters and digits, as pg_trgm splits them) of any
 * department's search_text, with a trigram GIN. Words are never removed: one no department uses any more
 * simply leads nowhere. department_words: which departments use which word. A trigger keeps both current.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create table department_vocabulary (word text primary key)');
  await knex.raw(`create table department_words (
    word text not null,
    department_id integer not null references departments (id) on delete cascade,
    primary key (word, department_id))`);
  await knex.raw('create index department_words_department on department_words (department_id)');
  await knex.raw(`
    create function department_words_refresh() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from department_words where department_id = old.id;
      end if;
      insert into department_vocabulary (word)
        select distinct w from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') as w where w <> ''
        on conflict do nothing;
      insert into department_words (word, department_id)
        select distinct w, new.id from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') as w where w <> ''
        on conflict do nothing;
      return null;
    end $$`);
  await knex.raw(`create trigger departments_words after insert or update of name, city on departments
    for each row execute function department_words_refresh()`);
  await knex.raw(`insert into department_vocabulary (word)
    select distinct w from departments, regexp_split_to_table(search_text, '[^[:alnum:]]+') as w where w <> ''`);
  await knex.raw(`insert into department_words (word, department_id)
    select distinct w, id from departments, regexp_split_to_table(search_text, '[^[:alnum:]]+') as w where w <> ''`);
  // Built after the backfill: one sorted build instead of an index insert per word.
  await knex.raw(
    'create index department_vocabulary_trgm on department_vocabulary using gin (word gin_trgm_ops) with (fastupdate = off)',
  );
  await knex.raw('analyze department_words, department_vocabulary');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger departments_words on departments');
  await knex.raw('drop function department_words_refresh()');
  await knex.raw('drop table department_words');
  await knex.raw('drop table department_vocabulary');
}
