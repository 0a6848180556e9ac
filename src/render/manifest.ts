/**
 * The island build (scripts/build.ts) writes dist/public/assets/manifest.json: for the client runtime and
 * for each island, its entry URL and every chunk it statically imports (transitively, for modulepreload).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface AssetEntry {
  src: string;
  imports: string[];
}

export interface IslandEntry extends AssetEntry {
  /** It reads through react-query: the runtime loads the query cache (`queries`) for it. */
  queries?: true;
}

export interface AssetManifest {
  client: AssetEntry;
  /** The query cache, a stage of the runtime loaded only for islands that read through react-query. */
  queries: AssetEntry;
  islands: Record<string, IslandEntry>;
}

export const PUBLIC_DIR = path.resolve('dist/public');
export const MANIFEST_PATH = path.join(PUBLIC_DIR, 'assets', 'manifest.json');

export interface ManifestReaderOptions {
  /**
   * Production reads the file once: the build never changes under a running server there, and a stat per
   * page is wasted work. Development re-reads it when it changes, so `npm run dev` rebuilds show up.
   */
  readOnce: boolean;
}

export function createManifestReader(file: string, { readOnce }: ManifestReaderOptions): () => AssetManifest {
  let cached: { manifest: AssetManifest; mtimeMs: number } | undefined;
  return () => {
    if (cached && readOnce) return cached.manifest;
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      throw new Error(`Island assets are not built (${file} is missing): run "npm run build:islands"`);
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as AssetManifest, mtimeMs };
    }
    return cached.manifest;
  };
}

const readers = {
  once: createManifestReader(MANIFEST_PATH, { readOnce: true }),
  watching: createManifestReader(MANIFEST_PATH, { readOnce: false }),
};

/** The built manifest; `production` (config.nodeEnv) decides whether it is read once or on every change. */
export function getManifest(production: boolean): AssetManifest {
  return production ? readers.once() : readers.watching();
}
