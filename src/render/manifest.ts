/**
 * The island build (scripts/build.ts) writes dist/public/assets/manifest.json:
 * the client runtime's URL and, per island, its entry URL and the chunks it imports (for modulepreload).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface AssetManifest {
  client: string;
  islands: Record<string, { src: string; imports: string[] }>;
}

export const PUBLIC_DIR = path.resolve('dist/public');
export const MANIFEST_PATH = path.join(PUBLIC_DIR, 'assets', 'manifest.json');

let cached: { manifest: AssetManifest; mtimeMs: number } | undefined;

/** Reads the manifest, re-reading it when the file changes (so `npm run dev` rebuilds show up). */
export function getManifest(): AssetManifest {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(MANIFEST_PATH).mtimeMs;
  } catch {
    throw new Error(`Island assets are not built (${MANIFEST_PATH} is missing): run "npm run build:islands"`);
  }
  if (!cached || cached.mtimeMs !== mtimeMs) {
    cached = { manifest: JSON.parse(fs.readFileSync(MANIFEST_PATH, 'utf8')) as AssetManifest, mtimeMs };
  }
  return cached.manifest;
}
