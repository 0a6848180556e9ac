/**
 * Department search (spec 01 §3, GET /api/departments/search): the official registry plus user-added
 * departments, at national scale (~27,000 rows) with a cost bounded by the ten answers, not by the table.
 *
 * Ranking, unchanged from the first version: departments whose "name city" contains the query, by category —
 * exact name, name prefix, a word starting with the query, any other containment — then shorter text, name,
 * id; then, for queries of 4+ characters when fewer than ten contain it, pg_trgm fuzzy matches.
 *
 * Each category is its own query, asked only for the rows still missing (a distinctive query's word and inside
 * categories share one: the same trigrams find both), and each is answered one of two ways:
 * - sparse (a distinctive query such as "naknek" or "troy fire"): an index finds the few candidates, which are
 *   then sorted — the lower-cased name's btree (exact), the name-prefix btree (text_pattern_ops), the trigram
 *   GIN on the whole query, or the bigram GIN for a 2-character query inside a word;
 * - walked (a category that may hold thousands: names starting with "sp" or "city", or a query made only of
 *   fire-service words like "fire" or "county volunteer", which match most of the table): read the departments
 *   in rank order from a covering index, index-only, and stop at the first ten matches. A walk is capped
 *   (DENSE_PROBE_ROWS, PREFIX_PROBE_ROWS) unless its index holds exactly the candidates; when the capped rows
 *   hold too few matches the sparse plan answers, so a wrong guess costs one short index walk, never a scan.
 * The fuzzy tier ranks at most FUZZY_CANDIDATES departments found through the vocabulary of department words.
 *
 * A query ending in a state ("Springfield IL", "Cedar Rapids, Iowa", "New York NY"; see stateReading) is
 * read both ways: the departments containing it as typed rank first, in their four categories, so a name or
 * place that ends like a state ("Fort Washington", "Hose Co") is never lost; then the state's departments
 * containing the place, in the same four categories (a state alone: the state's shortest names); then typos of
 * the place, in the state. The state's walks read departments_search_state, its fuzzy tier department_words'
 * state column, so narrowing costs what a search of the place costs.
 * Indexes: migrations/20261122000400_departments_search_scale.ts, 20261123007000_departments_search_walk.ts,
 * 20261123007100_department_words.ts, 20261123007200_department_search_bounds.ts and
 * 20261123007300_department_search_state.ts.
 * The statement runs with a generic plan (src/db/prepared.ts): no index condition may need to see the value.
 */
import type { Knex } from 'knex';
import { Department } from '../../models/Department';
import {
  DEPARTMENT_SEARCH_MAX_CHARS,
  DEPARTMENT_SEARCH_MAX_RESULTS,
  DEPARTMENT_SEARCH_MIN_CHARS,
} from '../../validation/departments';
import { visibleDepartmentsSql } from '../../policies/departments';
import type { Viewer } from '../../policies/viewer';
import { queryWithGenericPlan } from '../../db/prepared';
import { joinSql, rawSql, sql, type Sql } from '../../db/sql';
import { US_STATES, type UsState } from '../../validation/usStates';

/**
 * What search matches and ranks by: the stored column lower(name || ' ' || city), which carries the trigram
 * GIN index `departments_search_trgm` (migrations/20261122000310_departments_search_text.ts).
 */
export const SEARCH_TEXT = 'departments.search_text';

/** Queries shorter than this get no fuzzy tier: a 2–3 character query's trigrams match almost anything. */
export const FUZZY_MIN_CHARS = 4;

/**
 * How many departments the fuzzy tier ranks at most: the shortest texts among those whose words are close to
 * every distinctive word of the query. Ranking costs a row read and a word_similarity() per
 * department; a common place word ("valley", "junction": 3,000 departments at 27,000 rows) would otherwise
 * cost 45 ms. Shorter first, as in the containment tiers.
 */
export const FUZZY_CANDIDATES = 100;

/**
 * How many vocabulary words, the closest first, may stand for one distinctive word of the query: each leads to
 * its departments by a btree probe, and a short word is close to many ("oak" to "oak17", "oakwood", "oakdale",
 * … in registry-shaped names: 1,200 probes, 3 ms).
 */
export const FUZZY_WORDS = 50;

/**
 * pg_trgm's word-similarity threshold for the fuzzy tier (`<%`). The default (0.6) misses common typos
 * ("bristle bay" scores 0.57); at 0.5 any query half made of a common word ("troy fire") matches nearly every
 * department at exactly 0.5. Set per transaction.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.55;

/**
 * Words in so many department names that they narrow nothing ("fire" is in 3,149 of the 3,216 shipped
 * names). A query made only of these (or of prefixes of them, as typed) is answered by the dense plan; in a
 * query with other words, the index looks up a distinctive word and these only filter.
 */
export const WEAK_WORDS: readonly string[] = [
  'fire',
  'department',
  'dept',
  'volunteer',
  'vol',
  'district',
  'company',
  'rescue',
  'protection',
  'township',
  'county',
  'city',
  'emergency',
  'services',
  'ems',
  'ambulance',
  'squad',
  'station',
  'hose',
  'engine',
  'association',
  'authority',
  'borough',
  'village',
  'community',
  'public',
  'safety',
  'bureau',
  'fd',
  'vfd',
  'fpd',
  'inc',
  'no',
  'of',
  'the',
  'and',
];

/**
 * How many departments, in rank order, the dense plan reads before giving up (index-only, a small fraction of a table read a row). A
 * category with ten matches among the 2,000 shortest names finds them there ("volunteer": its tenth later-word
 * match is the 1,334th department of 27,000); a sparser one falls back to an index.
 */
export const DENSE_PROBE_ROWS = 2000;

/**
 * How many names of a 4+ character query's initials bucket the prefix walk reads before the btree range
 * answers instead. Most such prefixes start few names ("linn", "hickory wi": the range finds them at once), so
 * the walk is short; it pays off for a prefix that starts hundreds ("city": 2,500 "City of …" names, which
 * fill the first rows of the "ci" bucket).
 */
export const PREFIX_PROBE_ROWS = 200;

/**
 * The query string as search uses it: control characters as spaces (a NUL cannot even reach Postgres), trimmed,
 * inner whitespace collapsed, capped. (One value: validate() refuses repeats.)
 */
export function normalizeSearchQuery(raw: string): string {
  return raw
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, DEPARTMENT_SEARCH_MAX_CHARS)
    .trim();
}

/** A state named at the end of a query, and what comes before it (spec: "Springfield IL"). */
export interface StateReading {
  /** The query without the state and the punctuation before it; empty when the query is only a state. */
  place: string;
  state: UsState;
}

const STATE_BY_NAME = new Map(US_STATES.map((state) => [state.name.toLowerCase(), state]));
const STATE_BY_CODE = new Map(US_STATES.map((state) => [state.code.toLowerCase(), state]));
/** The most words a state's name has ("district of columbia", "northern mariana islands"). */
const STATE_NAME_WORDS = Math.max(...US_STATES.map((state) => state.name.split(' ').length));

/** The state `text` names: a code or a name, letter case and a final period ignored. */
const stateNamed = (text: string): UsState | undefined => {
  const key = text.toLowerCase().replace(/\.$/, '');
  return STATE_BY_CODE.get(key) ?? STATE_BY_NAME.get(key);
};

/**
 * The state at the end of `q` (normalized), if any: after the last comma the whole rest must name one
 * ("Springfield, Illinois", "West, Virginia" is Virginia); without a comma the longest name made of the last
 * words wins ("Charleston West Virginia" is West Virginia, "New York NY" is New York), else a last word that is
 * a USPS code ("springfield il"). The place before it must be empty (a lone state) or searchable (2+
 * characters): "a IL" is read as typed. Whether the reading is what the person meant is left to the results
 * (searchStatement: the text as typed ranks first).
 */
export function stateReading(q: string): StateReading | undefined {
  const comma = q.lastIndexOf(',');
  const placeOf = (text: string) => text.replace(/[\s,]+$/, '');
  const accept = (place: string, state: UsState | undefined) =>
    state && (place.length === 0 || place.length >= DEPARTMENT_SEARCH_MIN_CHARS) ? { place, state } : undefined;
  if (comma >= 0) return accept(placeOf(q.slice(0, comma)), stateNamed(q.slice(comma + 1).trim()));
  const words = q.split(' ');
  for (let count = Math.min(STATE_NAME_WORDS, words.length); count >= 1; count--) {
    const state = stateNamed(words.slice(-count).join(' '));
    if (state) return accept(placeOf(words.slice(0, -count).join(' ')), state);
  }
  return undefined;
}

/** The columns a result row is read with (camelCase, as the API presents them), after the rank columns. */
const RESULT_COLUMNS = rawSql(
  `departments.id, departments.name, departments.city, departments.state, departments.county,
   departments.country, departments.address, departments.address2, departments.zip_code as "zipCode",
   departments.source, departments.verification_status as "verificationStatus"`,
);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** pg_trgm's trigrams of one word: lower-cased, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const result = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) result.add(padded.slice(i, i + 3));
  return result;
}

const sorted = (word: string) => [...word].sort().join('');

/** The fire-service words with their trigrams, worked out once (isWeak runs for each word of every search). */
const WEAK_WORD_FACTS = WEAK_WORDS.map((weak) => ({
  weak,
  theirs: trigrams(weak),
  /** The sorted letters of each of its beginnings, by length (index 0: the first letter). */
  sortedStarts: Array.from(weak, (_, i) => sorted(weak.slice(0, i + 1))),
}));

/**
 * Whether a typed word narrows nothing: a fire-service word or the beginning of one ("dep"), the same with two
 * letters swapped ("fier", "depatr"), or a word whose trigrams are mostly a fire-service word's, so that
 * `word <% search_text` would match nearly every department ("departmnet", "distritc"): the share of its
 * trigrams found in the fire-service word reaches the fuzzy tier's threshold.
 */
export function isWeak(word: string): boolean {
  const own = trigrams(word);
  const letters = sorted(word);
  return WEAK_WORD_FACTS.some(({ weak, theirs, sortedStarts }) => {
    if (weak.startsWith(word)) return true;
    if (word.length <= weak.length && letters === sortedStarts[word.length - 1]) return true;
    let shared = 0;
    for (const trigram of own) if (theirs.has(trigram)) shared += 1;
    return shared / own.size >= WORD_SIMILARITY_THRESHOLD;
  });
}

/**
 * The query's words of 3+ characters that are not fire-service words (nor prefixes or typos of them, see
 * isWeak), lower-cased, longest first; empty when there are none ("fire", "county volunteer", "ma").
 */
export function distinctiveWords(q: string): string[] {
  // Words as pg_trgm sees them: runs of letters and digits ("district," is "district").
  return [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u))]
    .filter((word) => word.length >= 3 && !isWeak(word))
    .sort((a, b) => b.length - a.length);
}

/** The query's longest distinctive word; undefined when there is none (the query is dense). */
export const distinctiveWord = (q: string): string | undefined => distinctiveWords(q)[0];

/** Dense queries match a large part of the table: 2–3 characters, or only fire-service words. */
export const isDenseQuery = (q: string) => q.length <= 3 || distinctiveWord(q) === undefined;

/** Rank inside a tier-1 category: shorter text first, then name, id. */
const RANK_ORDER = `length(${SEARCH_TEXT}), departments.name, departments.id`;

/** The length of the name prefix departments_search_initials is keyed on. */
const INITIALS_LENGTH = 2;

/**
 * A walk: a category's ids in rank order from a covering index (index-only), filtered, first ten. A `capped`
 * walk reads a bounded number of departments (DENSE_PROBE_ROWS, PREFIX_PROBE_ROWS); when those hold too few
 * matches the sparse plan answers.
 */
export interface Walk {
  /** The ten best ids passing `filter` (visibility, the category, the gate), in rank order. */
  ids: (filter: Sql) => Sql;
  capped: boolean;
  /**
   * For a capped walk whose index part may hold fewer rows than the cap (a state's departments): true when it
   * does, so the walk read all of them and no sparse plan is needed.
   */
  exhausted?: Sql;
}

/** A containment category of tier 1: which rows belong to it, and how the sparse plan finds candidates. */
export interface Category {
  name: 'exact' | 'prefix' | 'word' | 'inside' | 'contained' | 'state';
  /** Exactly the rows of this category (not of an earlier one). */
  matches: Sql;
  /**
   * For a category that stands for two ranks in a row, read by one scan ("contained": word starts, then any
   * other containment): 0 for a row of the first, 1 for a row of the second. One rank when absent. Only on a
   * category answered sparse (no walk): its sort orders by the rank column it adds to.
   */
  rankWithin?: Sql;
  /** An indexable condition implied by `matches`, for the sparse plan. */
  candidates: Sql;
  /** Read first when the category may hold many rows; the sparse plan alone otherwise. */
  walk?: Walk;
}

/**
 * A capped walk: the first `cap` departments in `order` (those matching `where`, if given), with only the
 * columns the category and visibility filters read — all in a covering index, so an index-only scan reads them
 * without touching the table — then the ten best passing the filter, in rank order. A walk `inState` also
 * reads `state` (the state's indexes include it; the all-state ones need not).
 */
function cappedWalk(cap: number, order: string, where?: Sql, inState = false): Walk {
  const st = rawSql(SEARCH_TEXT);
  return {
    ids: (filter) => sql`select departments.id from (
        select departments.id, length(${st}) as k, departments.name, ${st},
               departments.verification_status, departments.created_by${rawSql(inState ? ', departments.state' : '')}
        from departments ${where ? sql`where ${where}` : rawSql('')} order by ${rawSql(order)}
        limit ${rawSql(String(cap))}
      ) as departments where ${filter}
      order by departments.k, departments.name, departments.id
      limit ${rawSql(String(DEPARTMENT_SEARCH_MAX_RESULTS))}`,
    capped: true,
  };
}

/**
 * The dense plan's walk: the first DENSE_PROBE_ROWS departments in rank order (length, name, id) from
 * departments_search_walk, for a query made of fire-service words or of 2–3 characters, which match much of
 * the table; it stops as soon as the category has its ten.
 */
const denseWalk = cappedWalk(DENSE_PROBE_ROWS, RANK_ORDER);

/**
 * The names starting with the first two characters of `lowered`, in rank order, from
 * departments_search_initials. For a 2–3 character query it is complete ("sp": 1,218 of 27,000 names, few of
 * them among the shortest 2,000 the dense walk reads); for a longer one ("city", "west") it is capped and
 * the prefix btree range answers when the bucket's first rows hold too few ("hickory wi"). In a state
 * (`code`), the state's names with those initials, from departments_search_state_initials.
 */
function initialsWalk(lowered: string, code?: string): Walk {
  const initials = sql`left(${rawSql(SEARCH_TEXT)}, ${rawSql(String(INITIALS_LENGTH))}) = ${lowered.slice(0, INITIALS_LENGTH)}`;
  const bucket = code === undefined ? initials : sql`${inStateIndex(code)} and ${initials}`;
  const order = `${code === undefined ? '' : 'department_state_code(departments.state), '}left(${SEARCH_TEXT}, ${INITIALS_LENGTH}), ${RANK_ORDER}`;
  if (lowered.length > INITIALS_LENGTH + 1) return cappedWalk(PREFIX_PROBE_ROWS, order, bucket, code !== undefined);
  return {
    ids: (filter) => sql`select departments.id from departments where ${bucket} and ${filter}
      order by ${rawSql(order)} limit ${rawSql(String(DEPARTMENT_SEARCH_MAX_RESULTS))}`,
    capped: false,
  };
}

/** A state reading's categories keep to the state and leave out what the query as typed already found. */
export interface StateNarrowing {
  /** The USPS code; departments match by department_state_code(state). */
  code: string;
  /** The whole query as typed, lower-cased: its containing departments rank first, in the typed tiers. */
  typed: string;
}

/** department_state_code(state) = the code, as the key of departments_search_state (an index condition). */
const inStateIndex = (code: string) => sql`department_state_code(departments.state) = ${code}`;

/**
 * The narrowing as a filter: texteq(), the function behind `=`, is no index condition; the categories choose
 * where the state is one (their `candidates` and walks).
 */
const narrowed = ({ code, typed }: StateNarrowing) =>
  sql`texteq(department_state_code(departments.state), ${code})
      and not textlike(${rawSql(SEARCH_TEXT)}, ${`%${escapeLike(typed)}%`})`;

/**
 * The first DENSE_PROBE_ROWS departments of a state in rank order, from departments_search_state (index-only):
 * the dense walk of a state reading ("fire department il"), which the whole table's walk would serve poorly
 * (a state holds a fiftieth of its rows, so the 2,000 it reads would hold ten matches only for the largest).
 */
const stateWalk = (code: string): Walk => ({
  ...cappedWalk(DENSE_PROBE_ROWS, `department_state_code(departments.state), ${RANK_ORDER}`, inStateIndex(code), true),
  // Most states hold fewer departments than the cap: then the walk read them all ("oak il": the sparse plan
  // would recheck the 1,200 "oak" texts of every state). Counted index-only, only when the walk found too few.
  exhausted: sql`(select count(*) from (select 1 from departments where ${inStateIndex(code)}
    limit ${rawSql(String(DENSE_PROBE_ROWS))}) as state) < ${rawSql(String(DENSE_PROBE_ROWS))}`,
});

/**
 * A state alone ("Iowa", "WV"): the state's departments in rank order, after those containing the text as
 * typed. Read from the first DENSE_PROBE_ROWS of the state only, with no fallback: they fill the answer up to
 * ten, and the shortest names of a state are as good a fill as any.
 */
export function stateCategory(narrowing: StateNarrowing): Category {
  return {
    name: 'state',
    matches: narrowed(narrowing),
    candidates: inStateIndex(narrowing.code),
    walk: { ...stateWalk(narrowing.code), capped: false },
  };
}

/**
 * The four containment categories of `q`, in rank order: the exact name; a name starting with the query; a
 * later word (of the name or the city) starting with it; any other containment. With a `narrowing`, only
 * departments of its state that do not contain the query as typed.
 */
export function categories(q: string, narrowing?: StateNarrowing): Category[] {
  const lowered = q.toLowerCase();
  const like = escapeLike(lowered);
  const st = rawSql(SEARCH_TEXT);
  const exactName = sql`lower(departments.name) = lower(${q})`;
  // Filters are function calls, never index conditions (see below); candidates are the index conditions.
  const prefix = sql`starts_with(${st}, ${lowered})`;
  // Filters call LIKE as the function textlike(): an operator `LIKE $n` is a trigram index condition in a
  // generic plan, and a 2-character or fire-service pattern would make the index return the whole table.
  // Likewise starts_with() rather than a range, which the planner would take to the prefix btree.
  const contains = (pattern: string) => sql`textlike(${st}, ${pattern})`;
  // The trigram index looks up the whole pattern, every word's trigrams: GIN reads the rarest posting lists
  // first and skips through the others, so "fire" costs ~0.3 ms, while the distinctive word alone would make
  // "junction cit" recheck every "… Junction" department (3,000 at 27,000 rows) instead of the 600 with both.
  // In a state, the trigram bitmap is ANDed with the state's (departments_search_state, ~0.1 ms for 1,600
  // departments) before any row is read: "junction michigan" rechecked the 3,000 "… Junction" rows of every
  // state to keep Michigan's, twice (word and inside categories).
  const trigram = (pattern: string) =>
    narrowing ? sql`${st} like ${pattern} and ${inStateIndex(narrowing.code)}` : sql`${st} like ${pattern}`;
  const dense = !isDenseQuery(q) ? undefined : narrowing ? stateWalk(narrowing.code) : denseWalk;
  const inState = narrowing ? sql` and ${narrowed(narrowing)}` : rawSql('');
  const wordStart = contains(`% ${like}%`);
  // A distinctive query's word and inside categories are both answered sparse, by nearly the same trigrams
  // ("% troy%" and "%troy%"): one scan of the inside candidates answers both, a word start ranking first.
  // Its sort keeps the ten best, as each category's did, so a common word ("valley") costs what the word
  // category alone cost (the bitmap and the recheck of its rows), not twice that.
  const wordAndInside: Category[] = dense
    ? [
        {
          name: 'word',
          matches: sql`${wordStart} and not ${prefix}${inState}`,
          candidates: trigram(`% ${like}%`),
          walk: dense,
        },
        {
          name: 'inside',
          matches: sql`${contains(`%${like}%`)} and not ${prefix} and not ${wordStart}${inState}`,
          // Two characters make no trigram; the bigram index serves them.
          candidates:
            lowered.length < 3 ? sql`department_bigrams(${st}) @> array[${lowered}]::text[]` : trigram(`%${like}%`),
          walk: dense,
        },
      ]
    : [
        {
          name: 'contained',
          matches: sql`${contains(`%${like}%`)} and not ${prefix}${inState}`,
          candidates: trigram(`%${like}%`),
          rankWithin: sql`case when ${wordStart} then 0 else 1 end`,
        },
      ];
  return [
    {
      name: 'exact',
      // The name is followed by a space and the city in search_text.
      matches: sql`starts_with(${st}, ${`${lowered} `}) and ${exactName}${inState}`,
      // The lower-cased name's btree (departments_name_lower): "city" starts 2,500 texts but names none.
      candidates: exactName,
    },
    {
      name: 'prefix',
      matches: sql`${prefix} and not ${exactName}${inState}`,
      // In a state, the prefix range's bitmap is ANDed with the state's (departments_search_state).
      candidates: narrowing ? sql`${inStateIndex(narrowing.code)} and ${prefixRange(lowered)}` : prefixRange(lowered),
      walk: initialsWalk(lowered, narrowing?.code),
    },
    ...wordAndInside,
  ];
}

/** The code point after the last one of `value` (skipping surrogates); undefined past the last code point. */
function successor(value: string): string | undefined {
  const chars = Array.from(value);
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return undefined;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/**
 * search_text starts with `prefix`, as a range on the text_pattern_ops btree (`departments_search_prefix`):
 * byte-wise, and UTF-8 keeps code point order, so [prefix, successor) holds exactly the texts starting with
 * it. Unlike `LIKE 'abc%'`, a range with parameters is an index condition in a generic plan too.
 */
function prefixRange(prefix: string): Sql {
  const st = rawSql(SEARCH_TEXT);
  const upper = successor(prefix);
  return upper === undefined
    ? sql`(${st} ~>=~ ${prefix} and starts_with(${st}, ${prefix}))`
    : sql`(${st} ~>=~ ${prefix} and ${st} ~<~ ${upper})`;
}

/** Departments the viewer may be offered: departmentPolicy's rule, as SQL. */
function visible(viewerId: number | null): Sql {
  const rule = visibleDepartmentsSql(viewerId === null ? null : { id: viewerId });
  return rawSql(rule.sql, rule.bindings);
}

/** How many rows the CTE `name` holds. */
const countOf = (name: string) => `(select count(*) from ${name})`;

/**
 * The whole search as ONE statement (one round trip, one plan): a materialized CTE per tier-1 category, in
 * rank order, then the fuzzy tier, then the ten best by (tier, rank inside the tier). Each CTE is gated by a
 * one-time filter on the rows its predecessors found (`… < 10`), evaluated before its scan starts, so a
 * category after ten found rows costs nothing, as when each was its own statement. The rows found are a running
 * total, a one-row CTE after each tier (`c_word_n`), so a gate reads one count: summing every earlier tier's
 * count made a state reading's twelve gates ~60 subplans, ~20% of its execution time. A state reading's
 * categories (`s_…`) follow the query's own (`c_…`) under the same gate: "Hose Co" finds ten Hose Companies,
 * and Colorado's "hose" departments cost nothing.
 *
 * A category with a walk first reads its ids in rank order (index-only) and stops at its first matches; a
 * complete walk is the answer, a capped one is when its rows and the earlier categories' make ten (any later
 * row ranks lower), otherwise the sparse plan (an index, then a sort) answers it.
 *
 * The fuzzy tier (4+ characters, at least one distinctive word, fewer than ten containing rows) requires each
 * distinctive word to be close to a word of the department (word similarity ≥ the threshold, looked up in the
 * vocabulary of department words: migrations/20261123007100_department_words.ts); fire-service words only
 * rank (word similarity of the whole query). Its threshold is set by a one-time filter of its own
 * (`set_config(…, true)`: local to the statement's transaction), evaluated before its index scan, so no
 * separate round trip sets it and a search that needs no fuzzy tier never sets it.
 */
export function searchStatement(q: string, viewerId: number | null): Sql {
  const max = DEPARTMENT_SEARCH_MAX_RESULTS;
  const ctes: Sql[] = [];
  const tiers: string[] = [];
  const rankColumns = (rank: number, within?: Sql) =>
    sql`${rawSql(String(rank))}${within ? sql` + ${within}` : rawSql('')} as rank,
        ${rawSql(`length(${SEARCH_TEXT}) as k, 0::float8 as ws, 0::float8 as sim, `)}`;
  const reading = stateReading(q);
  const narrowing: StateNarrowing | undefined = reading && { code: reading.state.code, typed: q.toLowerCase() };
  // A state reading adds its own tiers after the query as typed: "Mount Washington" and "Union Fire Co" are
  // names first, Washington state's "mount…" and Colorado's "union fire…" departments after them.
  const stateTiers =
    !reading || !narrowing ? [] : reading.place ? categories(reading.place, narrowing) : [stateCategory(narrowing)];
  const ranked = [
    ...categories(q).map((category) => ({ name: `c_${category.name}`, category })),
    ...stateTiers.map((category) => ({ name: `s_${category.name}`, category })),
  ];
  // How many rows the tiers so far found: the running total after the last tier (see above).
  let found = '0';
  const countTier = (name: string) => {
    ctes.push(sql`${rawSql(`${name}_n`)} as materialized (select ${rawSql(`${found} + ${countOf(name)}`)} as n)`);
    found = `(select n from ${name}_n)`;
  };
  // Each category's first rank: one after the ranks of those before it (a "contained" category has two).
  let nextRank = 0;
  ranked.forEach(({ name, category }) => {
    const before = found;
    const rank = nextRank;
    nextRank += category.rankWithin ? 2 : 1;
    const sparse = (gate: Sql) =>
      sql`select ${rankColumns(rank, category.rankWithin)}${RESULT_COLUMNS} from departments
          where ${gate} and ${visible(viewerId)} and ${category.candidates} and ${category.matches}
          order by rank, ${rawSql(RANK_ORDER)} limit ${rawSql(String(max))}`;
    // The rows a walk found (ids from a covering index), with their columns: at most ten primary-key reads.
    const rowsOf = (walk: string) =>
      sql`select ${rankColumns(rank)}${RESULT_COLUMNS} from departments
          where departments.id in (select id from ${rawSql(walk)})`;
    const { walk } = category;
    if (!walk) {
      ctes.push(sql`${rawSql(name)} as materialized (${sparse(rawSql(`${before} < ${max}`))})`);
    } else {
      const walked = `${name}_walk`;
      ctes.push(
        sql`${rawSql(walked)} as materialized (${walk.ids(
          sql`${rawSql(before)} < ${rawSql(String(max))} and ${visible(viewerId)} and ${category.matches}`,
        )})`,
      );
      if (!walk.capped) {
        ctes.push(sql`${rawSql(name)} as materialized (${rowsOf(walked)})`);
      } else {
        // The walk's rows are the category's best when they and the earlier categories' make ten (any row
        // after the walk ranks lower); otherwise the sparse plan answers.
        const enough = rawSql(`${countOf(walked)} + ${before} >= ${max}`);
        const complete = walk.exhausted ? sql`(${enough} or ${walk.exhausted})` : enough;
        ctes.push(
          sql`${rawSql(name)} as materialized (
                ${rowsOf(walked)} and ${complete}
                union all
                (${sparse(sql`${rawSql(before)} < ${rawSql(String(max))} and not (${complete})`)}))`,
        );
      }
    }
    tiers.push(name);
    countTier(name);
  });
  // A state reading's typos are the place's, in the state: "sprngfield il" is not a typo of "il".
  const fuzzyText = reading ? reading.place : q;
  const words = distinctiveWords(fuzzyText);
  if (fuzzyText.length >= FUZZY_MIN_CHARS && words.length > 0) {
    // Each distinctive word must be close to a word of the department: found in the vocabulary by its
    // trigram index (`%>`: word similarity to the vocabulary word, under the threshold set below), then the
    // departments using one of those words by the department_words btree (index-only, with each department's
    // text length). The words' departments are intersected before any department row is read ("valley" alone
    // leads to 3,000), and only the FUZZY_CANDIDATES shortest are read by primary key and ranked.
    // `= any(array(…))` keeps both lookups on their btrees whatever the statistics say (a generic plan estimated
    // 1,600 ids and scanned the table; a stale estimate of department_words, a hash join).
    const foundIds = tiers.map((name) => `select id from ${name}`).join(' union all ');
    // In a state, department_words_state answers the same lookup for the state's departments only.
    const inWordsState = narrowing ? sql` and department_words.state_code = ${narrowing.code}` : rawSql('');
    const closeTo = (word: string) =>
      sql`select department_words.department_id, department_words.text_length from department_words
          where department_words.word = any(array(
            select department_vocabulary.word from department_vocabulary where department_vocabulary.word %> ${word}
            order by word_similarity(${word}, department_vocabulary.word) desc, department_vocabulary.word
            limit ${rawSql(String(FUZZY_WORDS))}))${inWordsState}`;
    const eachWord = sql`departments.id = any(array(select best.department_id from (
      select distinct close.department_id, close.text_length
      from (${joinSql(words.map(closeTo), ' intersect ')}) as close
      where close.department_id not in (${rawSql(foundIds)})
      order by close.text_length, close.department_id limit ${rawSql(String(FUZZY_CANDIDATES))}) as best))`;
    ctes.push(
      sql`c_fuzzy as materialized (
            select ${rawSql(String(nextRank))} as rank, 0 as k,
                   word_similarity(${fuzzyText}, ${rawSql(SEARCH_TEXT)}) as ws,
                   similarity(${rawSql(SEARCH_TEXT)}, ${fuzzyText}) as sim, ${RESULT_COLUMNS}
            from departments
            where ${rawSql(found)} < ${rawSql(String(max))}
              and (select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)) is not null
              and ${visible(viewerId)} and ${eachWord}
            order by ws desc, sim desc, departments.name, departments.id
            limit ${rawSql(String(max))})`,
    );
    tiers.push('c_fuzzy');
  }
  return sql`with ${joinSql(ctes, ',\n')}
    select id, name, city, state, county, country, address, address2, "zipCode", source, "verificationStatus"
    from (${rawSql(tiers.map((name) => `select * from ${name}`).join(' union all '))}) as found
    order by rank, k, ws desc, sim desc, name, id
    limit ${rawSql(String(max))}`;
}

/**
 * GET /api/departments/search: fewer than 2 characters (after trimming) finds nothing; at most 10 results:
 * containing matches first (exact, prefix, word start, other), then, for a query ending in a state, the
 * state's departments containing the place, then fuzzy ones. One statement.
 */
export async function searchDepartments(viewer: Viewer | null, rawQuery: string, db?: Knex): Promise<Department[]> {
  const q = normalizeSearchQuery(rawQuery);
  if (q.length < DEPARTMENT_SEARCH_MIN_CHARS) return [];
  const rows = await queryWithGenericPlan(db ?? Department.knex(), searchStatement(q, viewer?.id ?? null));
  return rows.map((row) => Department.fromJson({ ...row, id: Number(row.id) }, { skipValidation: true }));
}
