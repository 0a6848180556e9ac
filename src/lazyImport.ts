/**
 * Packages only some requests use — passkeys, the résumé PDF, QR codes, S3, SMTP, the job queue, image
 * processing — are imported on first use, not at start: importing them at start was ~0.6 s of a later start's
 * ~4 s on the 2-core machine (bench/startup.ts; docs/decisions/startup.md).
 * Packages of a few milliseconds stay plain imports. Once the server listens, warmLazyImports() loads these one at
 * a time, so the first request that needs one seldom waits for it.
 */
const registered: Array<() => Promise<unknown>> = [];

/** A module loaded once, on the first call (later calls share the same promise). */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const get = () => (loading ??= load());
  registered.push(get);
  return get;
}

/** Loads every lazy module, one after another (a module that fails is left to fail at its first real use). */
export async function warmLazyImports(): Promise<void> {
  for (const get of registered) await get().catch(() => undefined);
}
