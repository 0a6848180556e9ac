/**
 * Reading a department's shared readiness (docs/decisions/department-readiness.md): the roster (page, CSV, JSON,
 * digest) and a member's own preview. Every read of what members shared goes through `sharedWith` /
 * `sharingMembers` (src/policies/readiness.ts) and the roster's policy; nothing is kept, so a withdrawal is seen
 * by the next read on every node. Six queries whatever the size: the department with the viewer's roles, the
 * positions, the sharing members, their certifications, their licenses and their training hours; a seventh for
 * readiness dates when a member shares them (src/services/readiness/dates.ts).
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
import { sharedReadinessDates, withReadinessDates } from './dates';
import { buildMatrix, filterMatrix, type Matrix, type Position, type SharedItem, type SharedMember } from './matrix';

const isoDate = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

/** The department with whether the viewer is its training officer or verifier (one query). */
export async function readinessDepartment(
  viewer: Viewer,
  departmentId: number,
  db?: Knex,
): Promise<ReadinessDepartment | undefined> {
  return (await Department.query(db)
    .findById(departmentId)
    .select(
      'departments.*',
      raw(
        'exists (select 1 from department_officers o where o.department_id = departments.id and o.user_id = ?) as viewer_is_officer',
        [viewer.id],
      ),
      raw(
        'exists (select 1 from department_verifiers v where v.department_id = departments.id and v.user_id = ?) as viewer_is_verifier',
        [viewer.id],
      ),
    )) as ReadinessDepartment | undefined;
}

interface ItemRow {
  id: number;
  userId: number;
  name: string;
  expires: string | number | null;
  expiresOn?: string | null;
  attestedAt: Date | null;
}

/** A department's shared certifications or licenses, with its own attestations (one query). */
function sharedItems(
  list: 'certifications' | 'licenses',
  department: Pick<Department, 'id' | 'name'>,
  db: Knex | undefined,
  owner?: number,
): Promise<SharedItem[]> {
  const definition = LISTS.find((each) => each.key === list)!;
  const query = listItemModel(definition)
    .query(db)
    .alias('i')
    .join('profiles as p', 'p.id', 'i.profile_id')
    .leftJoin('credential_attestations as a', (join) =>
      join.on('a.item_id', 'i.id').andOnVal('a.list', list).andOnVal('a.department_id', department.id),
    )
    .select(
      'i.id',
      'p.user_id',
      'i.name',
      'i.expires',
      ...(list === 'certifications' ? ['i.expires_on'] : []),
      'a.attested_at',
    );
  // The owner reads their own items (their preview); anyone else only what was shared with the department.
  if (owner !== undefined) query.where('p.user_id', owner);
  else query.modify(sharedWith, department.id, list, 'p.user_id');
  return (query as unknown as Promise<ItemRow[]>).then((rows) =>
    rows.map((row) => ({
      userId: row.userId,
      list,
      id: row.id,
      name: row.name,
      expires: row.expiresOn ?? (row.expires === null ? null : String(row.expires)),
      attested: row.attestedAt ? attestationOf(department, row.attestedAt) : null,
    })),
  );
}

/**
 * This year's training hours of the members who share them with the department, by member (one query through
 * `sharedWith`, docs/decisions/training-hours.md), or the owner's own (their preview).
 */
async function sharedTraining(
  departmentId: number,
  now: Date,
  db: Knex | undefined,
  owner?: number,
): Promise<Map<number, TrainingTotal[]>> {
  const definition = LISTS.find((each) => each.key === 'training')!;
  const query = listItemModel(definition)
    .query(db)
    .alias('i')
    .join('profiles as p', 'p.id', 'i.profile_id')
    .where('i.date', 'like', `${now.getUTCFullYear()}-%`)
    .select('p.user_id', 'i.date', 'i.category', 'i.hours');
  if (owner !== undefined) query.where('p.user_id', owner);
  else query.modify(sharedWith, departmentId, 'trainingHours', 'p.user_id');
  const rows = (await query) as unknown as Array<{ userId: number; date: string; category: string; hours: number }>;
  const byMember = new Map<number, typeof rows>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
  return new Map([...byMember].map(([userId, entries]) => [userId, trainingYearTotals(entries, now)]));
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
  const department = authorize(
    readinessPolicy,
    viewer,
    'roster',
    await readinessDepartment(viewer, input.departmentId, db),
  );
  const positions = await positionsOf(department.id, db);
  const members = await sharing(department.id, db);
  const items = [
    ...(await sharedItems('certifications', department, db)),
    ...(await sharedItems('licenses', department, db)),
  ];
  const position = positions.find((p) => p.id === input.position) ?? null;
  const training = await sharedTraining(department.id, input.now, db);
  // Read only when a member shares them, so a roster without them keeps its six queries.
  const dates = members.some((member) => member.kinds.includes('readinessDates'))
    ? await sharedReadinessDates(department.id, db)
    : new Map<number, never[]>();
  const matrix = withReadinessDates(
    withTraining(
      filterMatrix(buildMatrix(members, items, positions, input.now), { state: input.state ?? null, position }),
      training,
      input.now,
    ),
    dates,
    members,
    input.now,
  );
  return { ...matrix, department, positions, filter: { state: input.state ?? null, position } };
}

export async function positionsOf(departmentId: number, db?: Knex): Promise<Position[]> {
  const rows = await PositionRequirement.query(db)
    .where('departmentId', departmentId)
    .orderBy('name')
    .select('id', 'name', 'credentials');
  return rows.map(({ id, name, credentials }) => ({ id, name, credentials }));
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
  const items: SharedItem[] = [];
  for (const list of lists) items.push(...(await sharedItems(list, department, db, member.id)));
  const self: SharedMember = {
    userId: member.id,
    name: member.name,
    profilePath: null,
    kinds: [...kinds],
    reminderDays: member.reminderDays,
  };
  const training = kinds.includes('trainingHours')
    ? await sharedTraining(department.id, now, db, member.id)
    : new Map<number, TrainingTotal[]>();
  const dates = kinds.includes('readinessDates')
    ? await sharedReadinessDates(department.id, db, member.id)
    : new Map<number, never[]>();
  return withReadinessDates(withTraining(buildMatrix([self], items, [], now), training, now), dates, [self], now);
}
