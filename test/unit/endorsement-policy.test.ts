/** skillEndorsementPolicy (docs/decisions/endorsements.md): who may endorse, see and decide, and what authorize() answers them. */
import test from 'ava';
import { authorize, can, canEndorse, endorsementCandidate, skillEndorsementPolicy } from '../../src/policies';
import type { Viewer } from '../../src/policies';
import { SkillEndorsement } from '../../src/models/SkillEndorsement';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../src/errors';
import { ENDORSEMENT_MESSAGES } from '../../src/validation/endorsements';

const owner: Viewer = { id: 1, role: 'user' };
const mate: Viewer = { id: 2, role: 'user' };
const other: Viewer = { id: 3, role: 'user' };
const admin: Viewer = { id: 4, role: 'admin' };

const stored = (status: SkillEndorsement['status']) =>
  SkillEndorsement.fromJson({ id: 9, skillId: 5, endorserId: mate.id, status }, { skipValidation: true }).$set({
    ownerId: owner.id,
  });

test('create: a verified colleague only; never one’s own skill; a visitor is asked to sign in', (t) => {
  t.true(canEndorse(mate, owner.id, true));
  t.false(canEndorse(mate, owner.id, false));
  t.false(canEndorse(null, owner.id, true));
  t.false(canEndorse(owner, owner.id, true), 'not even a colleague of oneself');
  t.false(canEndorse(admin, owner.id, false), 'admins are not colleagues by role');
  const refused = t.throws(() =>
    authorize(skillEndorsementPolicy, other, 'create', endorsementCandidate(other, 5, owner.id, false)),
  );
  t.true(refused instanceof ForbiddenError);
  t.is(refused?.message, ENDORSEMENT_MESSAGES.notColleague);
  const self = t.throws(() =>
    authorize(skillEndorsementPolicy, owner, 'create', endorsementCandidate(owner, 5, owner.id, true)),
  );
  t.is(self?.message, ENDORSEMENT_MESSAGES.self);
});

test('read: approved for everyone; pending and hidden for the endorser, the owner and admins only', (t) => {
  for (const status of ['pending', 'hidden'] as const) {
    t.true(can(skillEndorsementPolicy, mate, 'read', stored(status)));
    t.true(can(skillEndorsementPolicy, owner, 'read', stored(status)));
    t.true(can(skillEndorsementPolicy, admin, 'read', stored(status)));
    t.false(can(skillEndorsementPolicy, other, 'read', stored(status)));
    t.throws(() => authorize(skillEndorsementPolicy, other, 'decide', stored(status)), { instanceOf: NotFoundError });
  }
  t.true(can(skillEndorsementPolicy, null, 'read', stored('approved')));
});

test('decide: the owner or an admin; the endorser and others 403, a visitor 401', (t) => {
  t.true(can(skillEndorsementPolicy, owner, 'decide', stored('pending')));
  t.true(can(skillEndorsementPolicy, admin, 'decide', stored('approved')));
  const endorser = t.throws(() => authorize(skillEndorsementPolicy, mate, 'decide', stored('pending')));
  t.true(endorser instanceof ForbiddenError);
  t.is(endorser?.message, ENDORSEMENT_MESSAGES.notOwner);
  t.throws(() => authorize(skillEndorsementPolicy, null, 'decide', stored('approved')), {
    instanceOf: UnauthorizedError,
  });
});
