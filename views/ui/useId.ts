/**
 * The one `useId` of the kit and the islands. In an island the id is the island's prefix and the call's place in
 * render order (`i3-0`, `i3-1`, …): the server renders with React and the browser with Preact
 * (docs/decisions/preact-in-the-browser.md), which number ids differently, but both render an island's tree in
 * the same order, so the ids its HTML carries are the ones the browser hands out. Outside an island (a server
 * view, a root made in the browser) it is the framework's own.
 */
// eslint-disable-next-line no-restricted-imports -- the one place React's (or Preact's) own useId is used
import { createContext, useContext, useId as useFrameworkId, useState } from 'react';

/** An island root's ids: its prefix, and the next number. Made once per root by IslandProviders. */
export interface IdSequence {
  prefix: string;
  next: number;
}

export const IslandIds = createContext<IdSequence | null>(null);

export function useId(): string {
  const sequence = useContext(IslandIds);
  const framework = useFrameworkId();
  // The first render takes the next number; later renders keep it.
  const [id] = useState(() => (sequence ? `${sequence.prefix}${sequence.next++}` : framework));
  return id;
}
