/**
 * A member's kept page with their menu spliced in (src/pageCache/splicedPages.ts) must decode to exactly the page
 * with that menu in its slot, whichever menu: the part after the slot is compressed against the page before it,
 * with the fragment's bytes unknown, so this is where a wrong back-reference would show.
 */
import zlib from 'node:zlib';
import test from 'ava';
import { PageCache } from '../../src/pageCache/pageCache';
import { FRAGMENT_BYTES, prepareFragment, prepareSplicedPage, splicedBody } from '../../src/pageCache/splicedPages';

const SLOT = '<details data-menu="stand-in">Signed-in member</details>';
// The part after the slot repeats the page before it (class names, words), as a real page does.
// Multi-byte characters before the slot too: the page is split at the slot's byte offset, not its character one.
const head =
  '<html><head><style>.Card-a{padding:8px}.Menu-b{display:flex}</style></head><body><header class="Menu-b">— É ';
const tail =
  '</header><main><section class="Card-a"><h2>Certifications</h2><p>Firefighter II — Menu-b Card-a</p></section>';
const page = `${head.repeat(40)}${SLOT}${tail.repeat(60)}</main></body></html>`;

const gunzip = (body: Buffer) => zlib.gunzipSync(body).toString();
/** Where joined answers are kept: the page cache. */
const joined = new PageCache(true, 1024 * 1024);
/** A rendered page is kept as its bytes. */
const keep = (html: string) => prepareSplicedPage(Buffer.from(html), SLOT);

test('each viewer gets the page with their own menu, byte for byte, through gzip and identity', (t) => {
  const kept = keep(page)!;
  for (const menu of [
    '<details>Morgan Ellis</details>',
    // Text that also occurs in the page after the slot, and multi-byte characters.
    '<details>Card-a Menu-b Certifications — José Núñez &amp; 消防士</details>',
    `<details>${'x'.repeat(3000)}</details>`,
  ]) {
    const expected = page.replace(SLOT, menu);
    const fragment = prepareFragment(menu);
    t.true(fragment.padded);
    t.is(fragment.identity.length, FRAGMENT_BYTES, 'every fragment is the same length');
    const gzip = splicedBody('gzip', kept, fragment, joined);
    t.is(gzip.encoding, 'gzip');
    // The padding is a comment right after the menu: the page reads the same.
    t.is(gunzip(gzip.body).replace(/<!-- *-->/, ''), expected);
    t.is(splicedBody('gzip', kept, fragment, joined).body, gzip.body, 'the joined answer is kept');
    t.is(
      splicedBody(undefined, kept, fragment, joined)
        .body.toString()
        .replace(/<!-- *-->/, ''),
      expected,
    );
  }
});

test('the part after the slot is smaller for being compressed against the page before it', (t) => {
  const kept = keep(page)!;
  const alone = zlib.deflateRawSync(kept.after, { level: 9 });
  t.true(kept.deflatedAfter.length < alone.length, `${kept.deflatedAfter.length} < ${alone.length}`);
});

test('a fragment too long to pad still gives the right page (compressed whole)', (t) => {
  const kept = keep(page)!;
  const menu = `<details>${'long name '.repeat(FRAGMENT_BYTES / 8)}</details>`;
  const fragment = prepareFragment(menu);
  t.false(fragment.padded);
  t.is(gunzip(splicedBody('gzip', kept, fragment, joined).body), page.replace(SLOT, menu));
});

test('a page whose slot is missing or twice is not kept', (t) => {
  t.is(keep(page.replace(SLOT, '')), undefined);
  t.is(keep(page + SLOT), undefined);
});
