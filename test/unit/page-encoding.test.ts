/** Kept pages pick their encoding and answer 304s without Koa's negotiator (src/pageCache/pageCache.ts). */
import test from 'ava';
import type Koa from 'koa';
import { clientHas, pageEncoding } from '../../src/pageCache/pageCache';

test('the encoding is the highest q the client gives br, gzip or identity; ties go to the smaller', (t) => {
  t.is(pageEncoding('gzip, deflate, br, zstd'), 'br');
  t.is(pageEncoding('gzip'), 'gzip');
  t.is(pageEncoding(undefined), 'identity');
  t.is(pageEncoding(''), 'identity');
  t.is(pageEncoding('br;q=0, gzip'), 'gzip');
  t.is(pageEncoding('gzip;q=0.9, br;q=0.8'), 'gzip');
  t.is(pageEncoding('gzip;q=0.5, BR;q=0.8'), 'br');
  t.is(pageEncoding('*'), 'br');
  t.is(pageEncoding('identity;q=0, gzip'), 'gzip');
  t.is(pageEncoding('deflate'), 'identity');
  t.is(pageEncoding('gzip, br', ['gzip', 'identity']), 'gzip', 'a spliced page has no brotli');
  t.is(pageEncoding('br', ['gzip', 'identity']), 'identity');
});

const request = (headers: Record<string, string>) => ({ req: { headers } }) as unknown as Koa.Context;

test('a 304 only for the same entity tag (weak comparison), never under no-cache', (t) => {
  t.true(clientHas(request({ 'if-none-match': '"abc"' }), '"abc"'));
  t.true(clientHas(request({ 'if-none-match': 'W/"abc"' }), '"abc"'));
  t.true(clientHas(request({ 'if-none-match': '"x", "abc"' }), '"abc"'));
  t.true(clientHas(request({ 'if-none-match': '*' }), '"abc"'));
  t.false(clientHas(request({ 'if-none-match': '"abd"' }), '"abc"'));
  t.false(clientHas(request({}), '"abc"'));
  t.false(clientHas(request({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }), '"abc"'));
});
