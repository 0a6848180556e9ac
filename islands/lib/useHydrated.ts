/**
 * False while rendering on the server and in the browser's first (hydrating) render, true after: for
 * controls only a page without JavaScript needs (a form's Save button where fields save themselves).
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
