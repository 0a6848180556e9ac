/**
 * Reading a department's shared readiness (docs/decisions/department-readiness.md): the roster (page, CSV, JSON,
 * digest) and a member's own preview. Every read of what members shared goes through `sharedWith` /
 * `sharingMembers` (src/policies/readiness.ts) and the roster's policy; nothing is kept, so a withdrawal is seen
 * by the next read on every node. Four queries whatever the size: the department with the viewer's roles and its
 * positions, the sharing members, their certifications and licenses, and their training hours and readiness dates.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Department } from '../../models/Department';
import { listItemModel } from '../../models/ListItem';
import { PositionRequirement, ReadinessConsent } from '../../models/Readiness';
import { authorize, type Viewer } from '../../policies';
import { readinessPolicy, sharedWith, sharingMembers, type ReadinessDepartment } from '../../policies/readiness';
import { LISTS } from '../../validation/lists';
import { trainingYearTotals, type TrainingTotal } from '../../validation/lists/rules';
import type { AttestationJson, CellState, ReadinessKind } from '../../validation/readiness';
import { withReadinessDates, type ReadinessDateRow } from './dates';
import { buildMatrix, filterMatrix, type Matrix, type Position, type SharedItem, type SharedMember } from './matrix';

const isoDate = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

const roleOf = (table: string, alias: string, column: string, viewer: Viewer) =>
  raw(
    `exists (select 1 from ${table} ${alias} where ${alias}.department_id = departments.id and ${alias}.user_id = ?) as ${column}`,
    [viewer.id],
  );

/** Its positions by name as one JSON column of the department's row (the roster reads both in one query). */
const positionsColumn = () =>
  PositionRequirement.query()
    .alias('pr')
    .whereColumn('pr.department_id', 'departments.id')
    .select(
      raw(
        "coalesce(json_agg(json_build_object('id', pr.id, 'name', pr.name, 'credentials', pr.credentials) order by pr.name), '[]')",
      ),
    )
    .as('positions');

/** The department with the viewer's roles in it and, with `positions`, its positions (one query). */
export async function readinessDepartment(
  viewer: Viewer,
  departmentId: number,
  db?: Knex,
  options: { positions?: boolean } = {},
): Promise<(ReadinessDepartment & { positions?: Position[] }) | undefined> {
  return (await Department.query(db)
    .findById(departmentId)
    .select(
      'departments.*',
      roleOf('department_officers', 'o', 'viewer_is_officer', viewer),
      roleOf('department_verifiers', 'v', 'viewer_is_verifier', viewer),
      ...(options.positions ? [positionsColumn()] : []),
    )) as (ReadinessDepartment & { positions?: Position[] }) | undefined;
}

interface ItemRow {
  list: 'certifications' | 'licenses';
  id: number;
  userId: number;
  name: string;
  expires: string | null;
  attestedAt: Date | null;
}

/** One list's shared items with the department's own attestations, its expiry as text (a certification's most precise). */
function itemsOf(list: 'certifications' | 'licenses', departmentId: number, db: Knex | undefined, owner?: number) {
  const definition = LISTS.find((each) => each.key === list)!;
  const query = listItemModel(definition)
    .query(db)
    .alias('i')
    .join('profiles as p', 'p.id', 'i.profile_id')
    .leftJoin('credential_attestations as a', (join) =>
      join.on('a.item_id', 'i.id').andOnVal('a.list', list).andOnVal('a.department_id', departmentId),
    )
    .select(
      raw('?::text as list', [list]),
      'i.id',
      'p.user_id',
      'i.name',
      list === 'certifications' ? raw('coalesce(i.expires_on, i.expires::text) as expires') : 'i.expires',
      'a.attested_at',
    );
  // The owner reads their own items (their preview); anyone else only what was shared with the department.
  if (owner !== undefined) query.where('p.user_id', owner);
  else query.modify(sharedWith, departmentId, list, 'p.user_id');
  return query;
}

/**
 * A department's shared certifications and licenses with its own attestations: one query (a union of the lists'
 * reads, each through `sharedWith`), or the owner's own for their preview.
 */
async function sharedItems(
  lists: ReadonlyArray<'certifications' | 'licenses'>,
  department: Pick<Department, 'id' | 'name'>,
  db: Knex | undefined,
  owner?: number,
): Promise<SharedItem[]> {
  if (!lists.length) return [];
  const [first, ...rest] = lists.map((list) => itemsOf(list, department.id, db, owner));
  if (rest.length) first!.unionAll(rest as never[], true);
  const rows = (await first) as unknown as ItemRow[];
  return rows.map((row) => ({
    userId: row.userId,
    list: row.list,
    id: row.id,
    name: row.name,
    expires: row.expires,
    attested: row.attestedAt ? attestationOf(department, row.attestedAt) : null,
  }));
}

/** A training entry or a readiness date, read together (`sharedRecords`). */
interface RecordRow {
  userId: number;
  list: 'training' | 'readinessDates';
  date: string;
  /** A training entry's category, or a readiness date's kind. */
  kind: string;
  hours: number | null;
  name: string | null;
  validUntil: string | null;
}

/**
 * One half of `sharedRecords`: a member-only list's rows in the union's columns, of the members who share `kind`
 * with the department (`sharedWith`), or the owner's own (their preview).
 */
function recordsOf(
  list: RecordRow['list'],
  departmentId: number,
  now: Date,
  db: Knex | undefined,
  owner: number | undefined,
) {
  const definition = LISTS.find((each) => each.key === list)!;
  const training = list === 'training';
  const query = listItemModel(definition)
    .query(db)
    .alias('i')
    .join('profiles as p', 'p.id', 'i.profile_id')
    .select(
      'p.user_id',
      raw('?::text as list', [list]),
      'i.date',
      training ? 'i.category as kind' : 'i.kind',
      training ? 'i.hours' : raw('null::double precision as hours'),
      training ? raw('null::text as name') : 'i.name',
      training ? raw('null::text as valid_until') : 'i.valid_until',
    );
  // This year's training only: the roster shows year totals (docs/decisions/training-hours.md).
  if (training) query.where('i.date', 'like', `${now.getUTCFullYear()}-%`);
  if (owner !== undefined) query.where('p.user_id', owner);
  else query.modify(sharedWith, departmentId, training ? 'trainingHours' : 'readinessDates', 'p.user_id');
  return query;
}

/**
 * This year's training totals and the readiness dates of the members who share them with the department, by
 * member: one query (a union of the two lists' reads, each through `sharedWith`), or the owner's own for their
 * preview (docs/decisions/training-hours.md, docs/decisions/readiness-dates.md).
 */
async function sharedRecords(
  lists: ReadonlyArray<RecordRow['list']>,
  departmentId: number,
  now: Date,
  db: Knex | undefined,
  owner?: number,
): Promise<{ training: Map<number, TrainingTotal[]>; dates: Map<number, ReadinessDateRow[]> }> {
  const entries = new Map<number, { date: string; category: string; hours: number }[]>();
  const dates = new Map<number, ReadinessDateRow[]>();
  if (lists.length) {
    const [first, ...rest] = lists.map((list) => recordsOf(list, departmentId, now, db, owner));
    if (rest.length) first!.unionAll(rest as never[], true);
    for (const row of (await first) as unknown as RecordRow[]) {
      if (row.list === 'training') {
        const mine = entries.get(row.userId) ?? entries.set(row.userId, []).get(row.userId)!;
        mine.push({ date: row.date, category: row.kind, hours: row.hours ?? 0 });
      } else {
        const mine = dates.get(row.userId) ?? dates.set(row.userId, []).get(row.userId)!;
        mine.push({ userId: row.userId, kind: row.kind, name: row.name, date: row.date, validUntil: row.validUntil });
      }
    }
  }
  const training = new Map([...entries].map(([userId, rows]) => [userId, trainingYearTotals(rows, now)]));
  return { training, dates };
}

/** The matrix's rows with their training totals where the member shares training hours (else null). */
function withTraining(matrix: Matrix, training: Map<number, TrainingTotal[]>, now: Date): Matrix {
  const none = trainingYearTotals([], now);
  return {
    ...matrix,
    members: matrix.members.map((member) => ({
      ...member,
      training: member.kinds.includes('trainingHours') ? (training.get(member.userId) ?? none) : null,
    })),
  };
}

const attestationOf = (department: Pick<Department, 'id' | 'name'>, at: Date): AttestationJson => ({
  departmentId: department.id,
  departmentName: department.name,
  attestedOn: isoDate(at),
});

interface MemberRow {
  userId: number;
  kinds: ReadinessKind[];
  userName: string;
  profileName: string | null;
  username: string | null;
  profileStatus: string | null;
  reminderDays: number[];
}

/** The members who share anything with the department and are verified in it (one query). */
async function sharing(departmentId: number, db?: Knex): Promise<SharedMember[]> {
  const rows = (await ReadinessConsent.query(db)
    .alias('rc')
    .join('users as u', 'u.id', 'rc.user_id')
    .leftJoin('profiles as p', 'p.user_id', 'rc.user_id')
    .where('u.is_active', true)
    .modify(sharingMembers, departmentId, 'rc')
    .select(
      'rc.user_id',
      'rc.kinds',
      'u.name as user_name',
      'u.username',
      'u.reminder_days',
      'p.name as profile_name',
      'p.profile_status',
    )) as unknown as MemberRow[];
  return rows.map((row) => ({
    userId: row.userId,
    name: row.profileName || row.userName,
    profilePath: row.profileStatus === 'live' && row.username ? `/${encodeURIComponent(row.username)}` : null,
    kinds: row.kinds,
    reminderDays: row.reminderDays ?? [],
  }));
}

export interface Roster extends Matrix {
  department: ReadinessDepartment;
  positions: Position[];
  filter: { state: CellState | null; position: Position | null };
}

/** The roster an officer or verifier of the department sees (403 for anyone else), filtered. */
export async function readinessRoster(
  viewer: Viewer,
  input: { departmentId: number; state?: CellState | null; position?: number | null; now: Date },
  db?: Knex,
): Promise<Roster> {
  const found = await readinessDepartment(viewer, input.departmentId, db, { positions: true });
  const department = authorize(readinessPolicy, viewer, 'roster', found);
  const positions = found?.positions ?? [];
  const members = await sharing(department.id, db);
  const items = await sharedItems(['certifications', 'licenses'], department, db);
  const position = positions.find((p) => p.id === input.position) ?? null;
  const { training, dates } = await sharedRecords(['training', 'readinessDates'], department.id, input.now, db);
  const matrix = filterMatrix(
    withReadinessDates(
      withTraining(buildMatrix(members, items, positions, input.now), training, input.now),
      dates,
      members,
      input.now,
    ),
    { state: input.state ?? null, position },
  );
  return { ...matrix, department, positions, filter: { state: input.state ?? null, position } };
}

/**
 * What the department sees of one member when they share `kinds` (their own preview on the sharing page): the
 * same matrix the roster makes from the same items, limited to them.
 */
export async function previewFor(
  member: Viewer & { name: string; reminderDays: number[] },
  department: Pick<Department, 'id' | 'name'>,
  kinds: readonly ReadinessKind[],
  now: Date,
  db?: Knex,
): Promise<Matrix> {
  const lists = (['certifications', 'licenses'] as const).filter((list) => kinds.includes(list));
  const items = await sharedItems(lists, department, db, member.id);
  const self: SharedMember = {
    userId: member.id,
    name: member.name,
    profilePath: null,
    kinds: [...kinds],
    reminderDays: member.reminderDays,
  };
  const records = [
    ...(kinds.includes('trainingHours') ? (['training'] as const) : []),
    ...(kinds.includes('readinessDates') ? (['readinessDates'] as const) : []),
  ];
  const { training, dates } = await sharedRecords(records, department.id, now, db, member.id);
  return withReadinessDates(withTraining(buildMatrix([self], items, [], now), training, now), dates, [self], now);
}
