/**
 * The one page cache (src/pageCache/pageCache.ts): entries by page, viewer class and version, bounded by bytes,
 * and nothing kept when it is off.
 */
import test from 'ava';
import { PageCache, type PageKey } from '../../src/pageCache/pageCache';

const key = (page: string, viewer = 'visitor', version = '1'): PageKey => ({ page, viewer, version });
const html = (text: string) => Buffer.from(`<p>${text}</p>`.repeat(200));

test('a page is found under its own page, viewer class and version only', (t) => {
  const pages = new PageCache(true, 1024 * 1024);
  const kept = pages.storePage(key('landing'), html('landing'));
  t.is(pages.page(key('landing')), kept);
  t.is(pages.page(key('landing', 'member')), undefined, 'another viewer class');
  t.is(pages.page(key('landing', 'visitor', '2')), undefined, 'another version');
  t.is(pages.asset(key('landing')), undefined, 'another kind of entry');
});

test('bounded by bytes: the least recently used entries go first', (t) => {
  const pages = new PageCache(true, 16 * 1024);
  const first = key('first');
  pages.storePage(first, html('first'));
  for (let i = 0; i < 50; i++) pages.storePage(key(`page-${i}`), Buffer.from(`${i}`.repeat(2000)));
  t.is(pages.page(first), undefined);
  t.truthy(pages.page(key('page-49')));
});

test('off (PAGE_CACHE=false): every page and file is made, none kept', async (t) => {
  const pages = new PageCache(false, 1024 * 1024);
  const made = pages.storePage(key('landing'), html('landing'));
  t.truthy(made.gzip.length);
  t.is(pages.page(key('landing')), undefined);
  let draws = 0;
  const draw = async () => `drawing ${++draws}`;
  await pages.drawAsset(key('share:1:qr.svg', 'anyone'), 'image/svg+xml', draw);
  await pages.drawAsset(key('share:1:qr.svg', 'anyone'), 'image/svg+xml', draw);
  t.is(draws, 2);
});

test('a burst of requests for one file draws it once', async (t) => {
  const pages = new PageCache(true, 1024 * 1024);
  let draws = 0;
  const draw = async () => `drawing ${++draws}`;
  const file = key('share:1:qr.svg', 'anyone');
  const [a, b] = await Promise.all([
    pages.drawAsset(file, 'image/svg+xml', draw),
    pages.drawAsset(file, 'image/svg+xml', draw),
  ]);
  t.is(a, b);
  t.is(draws, 1);
  t.is(pages.asset(file), a);
});
