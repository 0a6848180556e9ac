/**
 * The part of the island runtime that needs React: hydrates one island as its own React root with the same
 * identifierPrefix and providers the server used. islands/client.ts loads it in stages (see there).
 */
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandProviders } from './IslandProviders';
import { getBrowserQueryClient } from './queryClient';
import { captureTyped, restoreSelection } from '../../views/ui/typedBeforeHydration';

export function hydrateIsland(el: HTMLElement, component: ComponentType<object>): void {
  const id = el.dataset.islandId!;
  const propsEl = document.querySelector(`script[data-island-props="${id}"]`);
  const props = JSON.parse(propsEl?.textContent ?? '{}') as object;
  // What the person typed while the script loaded: the island adopts it right after hydrating.
  const typed = captureTyped(el);
  startTransition(() => {
    hydrateRoot(
      el,
      createElement(IslandProviders, {
        queryClient: getBrowserQueryClient(),
        idPrefix: `${id}-`,
        children: createElement(component, props),
        typed,
        // Marked after React commits the hydration (hydrateRoot returns before that), so tests and
        // scripts waiting on data-hydrated see a live island.
        onHydrated: () => {
          typed.values.clear();
          // After the adopted values have re-rendered (a reset textarea lost its caret).
          requestAnimationFrame(() => restoreSelection(typed));
          el.dataset.hydrated = 'true';
        },
      }),
      { identifierPrefix: `${id}-` },
    );
  });
}
