import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NOTHING_TYPED, TypedBeforeHydration, type TypedControls } from '../../views/ui/typedBeforeHydration';
import { IslandIds, type IdSequence } from '../../views/ui/useId';

interface IslandProvidersProps {
  queryClient: QueryClient;
  /** The island's id prefix (`i3-`): the ids its tree hands out (views/ui/useId.ts), the same on both sides. */
  idPrefix: string;
  children: ReactNode;
  /** Browser only: the controls the person changed before the island hydrated (islands/client.ts). */
  typed?: TypedControls;
  /** Browser only: called once React has committed the hydrated tree (effects never run on the server). */
  onHydrated?: () => void;
}

/** Wraps every island root, identically on the server and in the browser, so hydration matches. */
export function IslandProviders({ queryClient, idPrefix, children, typed, onHydrated }: IslandProvidersProps) {
  const [ids] = useState<IdSequence>(() => ({ prefix: idPrefix, next: 0 }));
  useEffect(() => {
    onHydrated?.();
    // Once per root: a later change of the callback's identity is not a second hydration.
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <IslandIds.Provider value={ids}>
        <TypedBeforeHydration value={typed ?? NOTHING_TYPED}>{children}</TypedBeforeHydration>
      </IslandIds.Provider>
    </QueryClientProvider>
  );
}
