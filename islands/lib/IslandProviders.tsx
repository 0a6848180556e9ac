import { useEffect, useState, type ReactNode } from 'react';
import { NOTHING_TYPED, TypedBeforeHydration, type TypedControls } from '../../views/ui/typedBeforeHydration';
import { IslandIds, type IdSequence } from '../../views/ui/useId';

interface IslandProvidersProps {
  /** The island's id prefix (`i3-`): the ids its tree hands out (views/ui/useId.ts), the same on both sides. */
  idPrefix: string;
  children: ReactNode;
  /** Browser only: the controls the person changed before the island hydrated (islands/client.ts). */
  typed?: TypedControls;
  /** Browser only: called once React has committed the hydrated tree (effects never run on the server). */
  onHydrated?: () => void;
}

/**
 * Wraps every island root, identically on the server and in the browser, so hydration matches. The query cache's
 * provider sits around it where the island reads through react-query (on the server always, in the browser only
 * then: islands/client.ts); it renders no element, so the trees match either way.
 */
export function IslandProviders({ idPrefix, children, typed, onHydrated }: IslandProvidersProps) {
  const [ids] = useState<IdSequence>(() => ({ prefix: idPrefix, next: 0 }));
  useEffect(() => {
    onHydrated?.();
    // Once per root: a later change of the callback's identity is not a second hydration.
  }, []);
  return (
    <IslandIds.Provider value={ids}>
      <TypedBeforeHydration value={typed ?? NOTHING_TYPED}>{children}</TypedBeforeHydration>
    </IslandIds.Provider>
  );
}
