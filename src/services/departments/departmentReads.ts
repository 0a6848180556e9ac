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
 * Search answers are kept for the viewers who see exactly the verified departments: everyone except the few
 * who created a department still pending (they also see their own), whose ids are kept too and who are searched
 * uncached. The search statement itself stays bounded by its ten answers (search.ts): a first keystroke is cold.
 */
import type { Knex } from 'knex';
import { entryLimitedCache } from '../../entryLimitedCache';
import type { CacheWatch, ChangeWatch } from '../../db/changeWatch';
import { Department } from '../../models/Department';
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
  /** Who created a department still pending: they see it in search, so their answers are their own. */
  private pendingCreators: Promise<ReadonlySet<number>> | null = null;
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
        this.pendingCreators = null;
      },
      keys: LINKS_LIMIT,
    });
  }

  /** True while entries can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.watch.trusted;
  }

  /**
   * searchDepartments' answer for this viewer, frozen. Everyone who created no pending department sees exactly
   * the verified ones: their answer is searched as a visitor's (so a kept answer can hold nothing pending, even
   * one a racing write just made) and kept per normalized query.
   */
  async search(viewer: Viewer | null, rawQuery: string): Promise<readonly Department[]> {
    if (!this.trusted) return searchDepartments(viewer, rawQuery, this.db);
    const startedAt = this.watch.mark();
    if (viewer && (await this.findPendingCreators()).has(viewer.id)) {
      return searchDepartments(viewer, rawQuery, this.db);
    }
    const key = normalizeSearchQuery(rawQuery);
    const kept = this.answers.get(key);
    if (kept) return kept;
    const found = frozenModels(await searchDepartments(null, key, this.db));
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

  private async findPendingCreators(): Promise<ReadonlySet<number>> {
    if (!this.pendingCreators) {
      const startedAt = this.watch.mark();
      const loading = Department.query(this.db)
        .distinct('createdBy')
        .where('verificationStatus', 'pending')
        .whereNotNull('createdBy')
        .then((rows) => new Set(rows.map((row) => row.createdBy!)));
      this.pendingCreators = loading;
      // A set read while departments changed may miss a creator: this call uses it, the next reads again.
      void loading.then(
        () => {
          if (this.watch.changedSince(startedAt) && this.pendingCreators === loading) this.pendingCreators = null;
        },
        () => {
          if (this.pendingCreators === loading) this.pendingCreators = null;
        },
      );
    }
    return this.pendingCreators;
  }

  close(): void {
    this.watch.close();
  }
}
