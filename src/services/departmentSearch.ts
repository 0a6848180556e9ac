/**
 * Department search (spec 01 §3, GET /api/departments/search): the official registry plus user-added
 * departments, at national scale (~27,000 rows) with a cost bounded by the ten answers, not by the table.
 *
 * Ranking, unchanged from the first version: departments whose "name city" contains the query, by category —
 * exact name, name prefix, a word starting with the query, any other containment — then shorter text, name,
 * id; then, for queries of 4+ characters when fewer than ten contain it, pg_trgm fuzzy matches.
 *
 * Each category is its own query, asked only for the rows still missing, and each is answered one of two ways:
 * - sparse (a distinctive query such as "naknek" or "troy fire"): an index finds the few candidates, which are
 *   then sorted — the name-prefix btree (text_pattern_ops), the trigram GIN on the query's most distinctive
 *   word (the other words only filter), or the bigram GIN for a 2-character query inside a word;
 * - dense (a 2–3 character query, or one made only of fire-service words like "fire" or "county volunteer",
 *   which match most of the table): walk the departments in rank order (index on length, name, id) and stop at
 *   the first matches. The walk is capped at DENSE_PROBE_ROWS rows; when they hold too few matches the category
 *   falls back to the sparse plan, so a wrong guess costs one short index walk, never a scan of the table.
 * Indexes: migrations/20261122000400_departments_search_scale.ts.
 */
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { Department } from '../models/Department';
import { presentDepartment, visibleTo } from './departments';
import {
  DEPARTMENT_SEARCH_MAX_CHARS,
  DEPARTMENT_SEARCH_MAX_RESULTS,
  DEPARTMENT_SEARCH_MIN_CHARS,
  type DepartmentJson,
} from '../validation/departments';

/**
 * What search matches and ranks by: the stored column lower(name || ' ' || city), which carries the trigram
 * GIN index `departments_search_trgm` (migrations/20261122000310_departments_search_text.ts).
 */
export const SEARCH_TEXT = 'departments.search_text';

/** Queries shorter than this get no fuzzy tier: a 2–3 character query's trigrams match almost anything. */
export const FUZZY_MIN_CHARS = 4;

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
 * How many departments, in rank order, the dense plan reads before giving up. A category with at least
 * 10 / DENSE_PROBE_ROWS of the table (2%) finds its rows within it; a sparser one falls back to an index.
 */
export const DENSE_PROBE_ROWS = 500;

/** The query string as search uses it: the first value, trimmed, inner whitespace collapsed, capped. */
export function normalizeSearchQuery(raw: unknown): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return '';
  return value.trim().replace(/\s+/g, ' ').slice(0, DEPARTMENT_SEARCH_MAX_CHARS).trim();
}

/** The columns a department row is read with (not the derived search_text). */
const DEPARTMENT_COLUMNS = [
  'id',
  'name',
  'city',
  'state',
  'county',
  'country',
  'address',
  'address2',
  'zipCode',
  'source',
  'verificationStatus',
  'fdid',
  'createdBy',
  'createdAt',
  'updatedAt',
].map((column) => `departments.${column}`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const isWeak = (word: string) => WEAK_WORDS.some((weak) => weak.startsWith(word));

/**
 * The query's longest word of 3+ characters that is not a fire-service word (or a prefix of one), lower-cased;
 * undefined when there is none ("fire", "county volunteer", "ma").
 */
export function distinctiveWord(q: string): string | undefined {
  return q
    .toLowerCase()
    .split(' ')
    .filter((word) => word.length >= 3 && !isWeak(word))
    .sort((a, b) => b.length - a.length)[0];
}

/** Dense queries match a large part of the table: 2–3 characters, or only fire-service words. */
export const isDenseQuery = (q: string) => q.length <= 3 || distinctiveWord(q) === undefined;

type Raw = [sql: string, bindings: string[]];

/** A containment category of tier 1: which rows belong to it, and how the sparse plan finds candidates. */
export interface Category {
  name: 'exact' | 'prefix' | 'word' | 'inside';
  /** Exactly the rows of this category (not of an earlier one). */
  matches: Raw;
  /** An indexable condition implied by `matches`, for the sparse plan. */
  candidates: Raw;
  /** Whether the dense plan may answer it; an exact name is a short btree range, never dense. */
  dense: boolean;
}

/**
 * The four containment categories of `q`, in rank order: the exact name; a name starting with the query; a
 * later word (of the name or the city) starting with it; any other containment.
 */
export function categories(q: string): Category[] {
  const lowered = q.toLowerCase();
  const like = escapeLike(lowered);
  const exactName = 'lower(departments.name) = lower(?)';
  const exact: Raw = [`${SEARCH_TEXT} like ? and ${exactName}`, [`${like} %`, q]];
  const prefix: Raw = [`${SEARCH_TEXT} like ? and not ${exactName}`, [`${like}%`, q]];
  const word: Raw = [`${SEARCH_TEXT} like ? and ${SEARCH_TEXT} not like ?`, [`% ${like}%`, `${like}%`]];
  const inside: Raw = [
    `${SEARCH_TEXT} like ? and ${SEARCH_TEXT} not like ? and ${SEARCH_TEXT} not like ?`,
    [`%${like}%`, `${like}%`, `% ${like}%`],
  ];
  // The trigram index looks up the distinctive word alone: the posting lists of "fire" or "volunteer" cover
  // most of the table and would cost more than the rows they find.
  const word3 = distinctiveWord(q);
  const trigram = (pattern: string): Raw => [`${SEARCH_TEXT} like ?`, [word3 ? `%${escapeLike(word3)}%` : pattern]];
  return [
    { name: 'exact', matches: exact, candidates: [`${SEARCH_TEXT} like ?`, [`${like} %`]], dense: false },
    { name: 'prefix', matches: prefix, candidates: [`${SEARCH_TEXT} like ?`, [`${like}%`]], dense: true },
    { name: 'word', matches: word, candidates: trigram(`% ${like}%`), dense: true },
    {
      name: 'inside',
      matches: inside,
      // Two characters make no trigram; the bigram index serves them.
      candidates:
        lowered.length < 3
          ? [`department_bigrams(${SEARCH_TEXT}) @> array[?]::text[]`, [lowered]]
          : trigram(`%${like}%`),
      dense: true,
    },
  ];
}

/** Rank inside a category: shorter text first, then name, id. */
function ranked<Q extends QueryBuilder<Department, Department[]>>(query: Q): Q {
  return query.orderByRaw(`length(${SEARCH_TEXT})`).orderBy('departments.name').orderBy('departments.id') as Q;
}

/**
 * The dense plan: the first DENSE_PROBE_ROWS departments in rank order (index departments_search_order),
 * filtered. Its answer is the category's true top `limit` only when it is complete — see categoryRows.
 */
export function denseQuery(
  category: Category,
  viewerId: number | null,
  limit: number,
  db?: Knex,
): QueryBuilder<Department, Department[]> {
  const firstInOrder = ranked(Department.query(db).select('departments.*')).limit(DENSE_PROBE_ROWS).as('departments');
  return ranked(
    visibleTo(Department.query(db).from(firstInOrder), viewerId)
      .select(DEPARTMENT_COLUMNS)
      .whereRaw(...category.matches),
  ).limit(limit);
}

/** The sparse plan: candidates from an index, filtered to the category, sorted. */
export function sparseQuery(
  category: Category,
  viewerId: number | null,
  limit: number,
  db?: Knex,
): QueryBuilder<Department, Department[]> {
  const query = visibleTo(Department.query(db), viewerId)
    .select(DEPARTMENT_COLUMNS)
    .whereRaw(...category.candidates)
    .whereRaw(...category.matches);
  return ranked(query).limit(limit);
}

/** Up to `limit` rows of one category, in rank order, by the dense plan when it suffices, else the sparse one. */
async function categoryRows(
  q: string,
  category: Category,
  viewerId: number | null,
  limit: number,
  db?: Knex,
): Promise<Department[]> {
  if (category.dense && isDenseQuery(q)) {
    // Rows of the rank-ordered head are the category's best only if the head holds all `limit` of them:
    // any row after it is longer, or equal in length and later by name.
    const head = await denseQuery(category, viewerId, limit, db);
    if (head.length === limit) return head;
  }
  return sparseQuery(category, viewerId, limit, db);
}

/**
 * Tier 2, only when tier 1 found fewer than 10 and the query has 4+ characters: fuzzy matches (typos, words in another order) by pg_trgm
 * word similarity (`<%`, GIN index), ranked by word similarity, then similarity, then name.
 */
export function fuzzyQuery(
  q: string,
  viewerId: number | null,
  excludeIds: number[],
  limit: number,
  db?: Knex,
): QueryBuilder<Department, Department[]> {
  return visibleTo(Department.query(db), viewerId)
    .select(DEPARTMENT_COLUMNS)
    .whereRaw(`? <% ${SEARCH_TEXT}`, [q])
    .modify((query) => {
      if (excludeIds.length) query.whereNotIn('departments.id', excludeIds);
    })
    .orderByRaw(`word_similarity(?, ${SEARCH_TEXT}) desc`, [q])
    .orderByRaw(`similarity(${SEARCH_TEXT}, ?) desc`, [q])
    .orderBy('departments.name')
    .orderBy('departments.id')
    .limit(limit);
}

/**
 * Transaction-local settings of the fuzzy tier: the word-similarity threshold, and no sequential scan. The
 * planner prices pg_trgm's functions like cheap operators, so on a few thousand rows it prefers a scan that
 * computes word similarity for every row (~20 ms) over the GIN index that computes it for candidates only.
 */
export const FUZZY_SETTINGS =
  "select set_config('pg_trgm.word_similarity_threshold', ?, true), set_config('enable_seqscan', 'off', true)";

/** Tier 1: the containment categories in rank order, each asked only for the rows still missing. */
export async function containing(q: string, viewerId: number | null, db?: Knex): Promise<Department[]> {
  const found: Department[] = [];
  for (const category of categories(q)) {
    const missing = DEPARTMENT_SEARCH_MAX_RESULTS - found.length;
    if (missing === 0) break;
    found.push(...(await categoryRows(q, category, viewerId, missing, db)));
  }
  return found;
}

/**
 * GET /api/departments/search: fewer than 2 characters (after trimming) finds nothing; at most 10 results:
 * containing matches first (exact, prefix, word start, other), then fuzzy ones.
 */
export async function searchDepartments(
  rawQuery: unknown,
  viewerId: number | null,
  db?: Knex,
): Promise<DepartmentJson[]> {
  const q = normalizeSearchQuery(rawQuery);
  if (q.length < DEPARTMENT_SEARCH_MIN_CHARS) return [];
  const found = await containing(q, viewerId, db);
  if (found.length < DEPARTMENT_SEARCH_MAX_RESULTS && q.length >= FUZZY_MIN_CHARS) {
    const fuzzy = await (db ?? Department.knex()).transaction(async (trx) => {
      await trx.raw(FUZZY_SETTINGS, [String(WORD_SIMILARITY_THRESHOLD)]);
      return fuzzyQuery(
        q,
        viewerId,
        found.map((d) => d.id),
        DEPARTMENT_SEARCH_MAX_RESULTS - found.length,
        trx,
      );
    });
    found.push(...fuzzy);
  }
  return found.map(presentDepartment);
}
