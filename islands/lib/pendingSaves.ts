/**
 * Saves in flight on this page (fields save on blur). Shared by every island of the page (module state in a
 * shared chunk), so "Save" and "Done Editing" can wait for the last field's save before leaving or
 * announcing success — a click that blurs a field must not navigate away from its request.
 */
const inFlight = new Set<Promise<unknown>>();

export function trackSave<T>(save: Promise<T>): Promise<T> {
  inFlight.add(save);
  void save.finally(() => inFlight.delete(save)).catch(() => undefined);
  return save;
}

/** Resolves once every save started so far has finished; true when none of them failed. */
export async function settleSaves(): Promise<boolean> {
  const results = await Promise.allSettled([...inFlight]);
  return results.every((result) => result.status === 'fulfilled');
}
