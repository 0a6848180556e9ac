/**
 * GET /verify/sw.js (docs/decisions/wallet-card.md): the scanner's service worker, scope /verify/. It keeps the
 * scan page, its code (the runtime and the CardScanner island, from the asset manifest) and the keys document,
 * so a card is checked with no network. Pages and keys go to the network first and fall back to what was kept;
 * the content-hashed code is served from the cache. Its cache name moves with the build, so a new build's code
 * replaces the old.
 */
import { createHash } from 'node:crypto';
import { getManifest } from './manifest';

export const SCAN_PATH = '/verify/scan';
export const KEYS_PATH = '/verify/keys.json';
export const SERVICE_WORKER_PATH = '/verify/sw.js';

/** The code the scan page runs: the runtime with its stages and the island with its chunks. */
function scannerAssets(production: boolean): string[] {
  const manifest = getManifest(production);
  const island = manifest.islands.CardScanner;
  if (!island) throw new Error('Island CardScanner is missing from the asset manifest; rebuild islands');
  return [...new Set([manifest.client.src, ...manifest.client.imports, island.src, ...island.imports])];
}

export function verifyServiceWorker(production: boolean): string {
  const assets = scannerAssets(production);
  const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
  return `'use strict';
const CACHE = 'turnout-verify-${version}';
const FRESH_FIRST = ${JSON.stringify([SCAN_PATH, KEYS_PATH])};
const CODE = ${JSON.stringify(assets)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...FRESH_FIRST, ...CODE])).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('turnout-verify-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});
async function freshFirst(request, path) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}
async function keptFirst(request) {
  const kept = await caches.match(request);
  return kept || fetch(request);
}
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (FRESH_FIRST.includes(url.pathname)) event.respondWith(freshFirst(event.request, url.pathname));
  else if (CODE.includes(url.pathname)) event.respondWith(keptFirst(event.request));
});
`;
}
