/**
 * The two department reads a signed-in person repeats most, kept per node: search answers (every keystroke of
 * the picker; the same prefixes for everyone) and each user's own links with their verification state
 * (`GET /api/departments/user`, My Departments). Freshness as in src/services/sessionCache.ts:
 * - every write drops what it touches at commit, on every node: the database's trigger notifies whoever wrote and
 *   the node's change watch tells this cache (src/db/changeWatch.ts): any departments row drops every search
 *   answer and every user's links (they carry the departments' names and status), a user's link or request drops
 *   that user's;
 * - while the notification connection is down nothing is trusted (every call reads the database), and a read
 *   that raced a change is not kept;
 * - entries are frozen: callers read them and never change them.
 * Search answers are kept per viewer class: every signed-in user sees the same departments (verified and
 * pending), a visitor the verified ones. The search statement itself stays bounded by its ten answers (search.ts): a first keystroke is cold.
 */
import type { Knex } from 'knex';
import { entryLimitedCache } from '../../entryLimitedCache';
import type { CacheWatch, ChangeWatch } from '../../db/changeWatch';
import type { Department } from '../../models/Department';
import type { MembershipVerification } from '../../models/MembershipVerification';
import type { UserDepartment } from '../../models/UserDepartment';
import type { Viewer } from '../../policies/viewer';
import { latestRequestsOf } from '../verification/requests';
import { normalizeSearchQuery, searchDepartments } from './search';
import { listUserDepartments } from './userDepartments';

const SEARCH_TTL_MS = 5 * 60_000;
const SEARCH_LIMIT = 10_000;
const LINKS_TTL_MS = 60_000;
const LINKS_LIMIT = 20_000;

/** A user's links (with their departments) and latest verification request per department, frozen. */
export interface UserDepartmentsRead {
  readonly links: readonly UserDepartment[];
  readonly latest: ReadonlyMap<number, MembershipVerification>;
}

const frozenModels = <T extends object>(models: T[], nested: (model: T) => object | undefined = () => undefined) => {
  for (const model of models) {
    const inner = nested(model);
    if (inner) Object.freeze(inner);
    Object.freeze(model);
  }
  return Object.freeze(models);
};

export class DepartmentReads {
  // ttlResolution 0: otherwise lru-cache arms a timer every millisecond to forget the clock it cached; reading
  // the clock on each get costs less on these per-request paths.
  private readonly answers = entryLimitedCache<string, readonly Department[]>(SEARCH_LIMIT, {
    ttl: SEARCH_TTL_MS,
    ttlResolution: 0,
  });
  private readonly links = entryLimitedCache<number, UserDepartmentsRead>(LINKS_LIMIT, {
    ttl: LINKS_TTL_MS,
    ttlResolution: 0,
  });
  /** A user id: that user's links changed; `all`: a departments row changed, or notifications were lost. */
  private readonly watch: CacheWatch;

  constructor(
    readonly enabled: boolean,
    private readonly db: Knex,
    changes: ChangeWatch,
  ) {
    this.watch = changes.watch({
      enabled,
      keyedBy: 'user',
      allOnDepartments: true,
      forget: (userId) => this.links.delete(userId),
      forgetAll: () => {
        this.answers.clear();
        this.links.clear();
      },
      keys: LINKS_LIMIT,
    });
  }

  /** True while entries can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.watch.trusted;
  }

  /**
   * searchDepartments' answer for this viewer, frozen and kept per viewer class and normalized query: every
   * signed-in user sees the same departments (verified and pending, docs/decisions/pending-departments.md), a
   * visitor the verified ones only.
   */
  async search(viewer: Viewer | null, rawQuery: string): Promise<readonly Department[]> {
    if (!this.trusted) return searchDepartments(viewer, rawQuery, this.db);
    const startedAt = this.watch.mark();
    const query = normalizeSearchQuery(rawQuery);
    const key = `${viewer ? 'member' : 'visitor'}:${query}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const found = frozenModels(await searchDepartments(viewer, query, this.db));
    if (this.trusted && !this.watch.changedSince(startedAt)) this.answers.set(key, found);
    return found;
  }

  /**
   * The user's links as this node keeps them, if it does and may trust them (an answer before the middleware,
   * src/api/keptAnswers.ts); undefined means ask `userDepartments`.
   */
  keptUserDepartments(userId: number): UserDepartmentsRead | undefined {
    return this.trusted ? this.links.get(userId) : undefined;
  }

  /** The viewer's links with their departments and latest verification requests, frozen. */
  async userDepartments(viewer: Viewer): Promise<UserDepartmentsRead> {
    const kept = this.keptUserDepartments(viewer.id);
    if (kept) return kept;
    const startedAt = this.watch.mark();
    const [links, latest] = await Promise.all([
      listUserDepartments(viewer, this.db),
      latestRequestsOf(viewer.id, this.db),
    ]);
    const read: UserDepartmentsRead = Object.freeze({
      links: frozenModels(links, (link) => link.department),
      latest: new Map([...latest].map(([id, request]) => [id, Object.freeze(request)])),
    });
    if (this.trusted && !this.watch.changedSince(startedAt, viewer.id)) this.links.set(viewer.id, read);
    return read;
  }

  /**
   * Resolves the next time this node drops what it kept of `userId`'s links, or (no user) every search answer
   * (tests await a notification with it).
   */
  changed(userId?: number): Promise<void> {
    return this.watch.changed(userId);
  }

  close(): void {
    this.watch.close();
  }
}
