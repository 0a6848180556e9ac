import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NOTHING_TYPED, TypedBeforeHydration, type TypedControls } from '../../views/ui/typedBeforeHydration';

interface IslandProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Browser only: the controls the person changed before the island hydrated (islands/client.ts). */
  typed?: TypedControls;
  /** Browser only: called once React has committed the hydrated tree (effects never run on the server). */
  onHydrated?: () => void;
}

/** Wraps every island root, identically on the server and in the browser, so hydration matches. */
export function IslandProviders({ queryClient, children, typed, onHydrated }: IslandProvidersProps) {
  useEffect(() => {
    onHydrated?.();
    // Once per root: a later change of the callback's identity is not a second hydration.
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <TypedBeforeHydration value={typed ?? NOTHING_TYPED}>{children}</TypedBeforeHydration>
    </QueryClientProvider>
  );
}
