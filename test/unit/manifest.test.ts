import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { createManifestReader, type AssetManifest } from '../../src/render/manifest';

const manifest = (client: string): AssetManifest => ({
  client: { src: client, imports: [] },
  queries: { src: '/assets/queries.js', imports: [] },
  islands: {},
});

function tempManifest(t: { teardown(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, JSON.stringify(manifest('/assets/client-A.js')));
  return file;
}

/** A rebuild replaces the file (new content, new mtime). */
function rebuild(file: string, client: string): void {
  fs.writeFileSync(file, JSON.stringify(manifest(client)));
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(file, later, later);
}

test('production reads the manifest once: a changed or deleted file is not read again', (t) => {
  const file = tempManifest(t);
  const read = createManifestReader(file, { readOnce: true });
  t.is(read().client.src, '/assets/client-A.js');
  rebuild(file, '/assets/client-B.js');
  t.is(read().client.src, '/assets/client-A.js');
  fs.rmSync(file);
  t.is(read().client.src, '/assets/client-A.js', 'no file access at all after the first read');
});

test('development picks up a rebuilt manifest', (t) => {
  const file = tempManifest(t);
  const read = createManifestReader(file, { readOnce: false });
  t.is(read().client.src, '/assets/client-A.js');
  rebuild(file, '/assets/client-B.js');
  t.is(read().client.src, '/assets/client-B.js');
});

test('a missing build says how to make it', (t) => {
  const read = createManifestReader('/nonexistent/manifest.json', { readOnce: true });
  t.throws(read, { message: /npm run build:islands/ });
});
