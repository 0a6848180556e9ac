/**
 * The one decision about a profile page request (src/pageCache/profileAnswer.ts), asked by the early answer and the
 * profile routes alike: who may have a kept answer, which one, 200 or 304, and what a miss renders and keeps.
 */
import test from 'ava';
import { PageCache, pageKey, type PageKey } from '../../src/pageCache/pageCache';
import { profileAnswer, profilePageKey, type ProfilePageRequest } from '../../src/pageCache/profileAnswer';
import { menuSlot } from '../../src/pageCache/memberPages';

const owner = { id: 7, role: 'user' as const, updatedAt: new Date('2026-11-01T00:00:00Z') };
const member = { id: 8, role: 'user' as const, updatedAt: new Date('2026-11-02T00:00:00Z') };
const admin = { id: 9, role: 'admin' as const, updatedAt: new Date('2026-11-03T00:00:00Z') };
const live = { id: 3, userId: owner.id, profileStatus: 'live' as const, version: '41' };
const variant = { key: 'public:all:newest:2026-11-29', keep: true };

const ask = (request: Partial<ProfilePageRequest>): ProfilePageRequest => ({
  profile: live,
  viewer: null,
  variant,
  as: undefined,
  colleague: false,
  ...request,
  menu: request.menu ?? (request.viewer ? { id: 100 + request.viewer.id } : null),
});
const nobodyHasIt = () => false;
const everyoneHasIt = () => true;

function cacheWith(keys: { visitor?: PageKey; spliced?: PageKey } = {}, enabled = true): PageCache {
  const cache = new PageCache(enabled, 1024 * 1024);
  if (keys.visitor) cache.storePage(keys.visitor, Buffer.from('<p>kept</p>'));
  if (keys.spliced)
    cache.storeSpliced(keys.spliced, Buffer.from(`<header>${menuSlot()}</header><p>kept</p>`), menuSlot());
  return cache;
}

test('a visitor: the kept page, 304 by its own ETag; a miss renders and keeps it under the visitor class', (t) => {
  const key = profilePageKey(live, variant.key, 'visitor');
  const kept = cacheWith({ visitor: key });
  const hit = profileAnswer(ask({}), kept, nobodyHasIt);
  t.like(hit, { kind: 'kept', pageClass: 'visitor', status: 200, cacheControl: 'public, max-age=0, must-revalidate' });
  t.is(hit.kind === 'kept' ? hit.etag : '', kept.page(key)!.etag);
  t.like(profileAnswer(ask({}), kept, everyoneHasIt), { kind: 'kept', status: 304 });
  const miss = profileAnswer(ask({}), cacheWith(), everyoneHasIt);
  t.like(miss, { kind: 'render', pageClass: 'visitor', etag: null });
  t.is(miss.kind === 'render' && miss.key ? pageKey(miss.key) : '', pageKey(key));
});

test('a page never kept (a gallery search) or a cache that is off: rendered, keyed nowhere', (t) => {
  t.like(profileAnswer(ask({ variant: { key: 'x', keep: false } }), cacheWith(), nobodyHasIt), {
    kind: 'render',
    key: null,
  });
  const key = profilePageKey(live, variant.key, 'visitor');
  t.like(profileAnswer(ask({}), cacheWith({ visitor: key }, false), nobodyHasIt), { kind: 'render', key: null });
});

test('a draft is not found but for its owner and admins', (t) => {
  const draft = { ...live, profileStatus: 'draft' as const };
  t.deepEqual(profileAnswer(ask({ profile: draft }), cacheWith(), nobodyHasIt), { kind: 'not-found' });
  t.deepEqual(profileAnswer(ask({ profile: draft, viewer: member }), cacheWith(), nobodyHasIt), {
    kind: 'not-found',
  });
  t.like(profileAnswer(ask({ profile: draft, viewer: owner }), cacheWith(), nobodyHasIt), { pageClass: 'editor' });
  t.like(profileAnswer(ask({ profile: draft, viewer: admin }), cacheWith(), nobodyHasIt), { pageClass: 'editor' });
});

test('an editor’s own page always renders, untagged and never kept; their “View as” page is a kept class', (t) => {
  t.deepEqual(profileAnswer(ask({ viewer: owner }), cacheWith(), everyoneHasIt), {
    kind: 'render',
    pageClass: 'editor',
    key: null,
    etag: null,
    cacheControl: 'private, no-cache',
  });
  const asMember = profileAnswer(ask({ viewer: admin, as: 'member' }), cacheWith(), nobodyHasIt);
  t.like(asMember, { kind: 'render', pageClass: 'as-member' });
  t.regex(asMember.kind === 'render' ? asMember.etag! : '', /^W\/"as-member-3-41-public:all:newest:2026-11-29-9-/);
});

test('a member: their class by the colleague answer, 304 by their tag without the page, the kept page with a slot', (t) => {
  t.deepEqual(profileAnswer(ask({ viewer: member, colleague: undefined }), cacheWith(), nobodyHasIt), {
    kind: 'unknown',
  });
  t.like(profileAnswer(ask({ viewer: member, as: 'visitor' }), cacheWith(), nobodyHasIt), {
    kind: 'render',
    pageClass: 'member',
  });
  const colleague = profileAnswer(ask({ viewer: member, colleague: true }), cacheWith(), nobodyHasIt);
  t.like(colleague, { kind: 'render', pageClass: 'colleague' });
  t.regex(colleague.kind === 'render' ? colleague.etag! : '', /^W\/"c-3-41-/);

  const notModified = profileAnswer(ask({ viewer: member }), cacheWith({}, false), everyoneHasIt);
  t.like(notModified, { kind: 'kept', status: 304, pageClass: 'member', page: undefined });

  const key = profilePageKey(live, variant.key, 'member');
  const kept = profileAnswer(ask({ viewer: member }), cacheWith({ spliced: key }), nobodyHasIt);
  t.like(kept, { kind: 'kept', status: 200, cacheControl: 'private, no-cache' });
  t.is(kept.kind === 'kept' ? kept.page?.kind : undefined, 'spliced');
  // Another class's kept page is not this viewer's.
  t.like(profileAnswer(ask({ viewer: member, colleague: true }), cacheWith({ spliced: key }), nobodyHasIt), {
    kind: 'render',
  });
});
