/**
 * The part of the island runtime that needs the framework: hydrates one island as its own root with the same id
 * prefix and providers the server used (Preact's React layer, docs/decisions/preact-in-the-browser.md). islands/client.ts loads it in stages (see there).
 */
import { createElement, startTransition, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandProviders } from './IslandProviders';
import { captureTyped, restoreSelection } from '../../views/ui/typedBeforeHydration';

/**
 * `Queries`: the page's query cache provider, for an island that reads through react-query (islands/client.ts,
 * islands/lib/queryClient.ts).
 */
export function hydrateIsland(
  el: HTMLElement,
  component: ComponentType<object>,
  Queries?: ComponentType<{ children: ReactNode }>,
): void {
  const id = el.dataset.islandId!;
  const propsEl = document.querySelector(`script[data-island-props="${id}"]`);
  const props = JSON.parse(propsEl?.textContent ?? '{}') as object;
  // What the person typed while the script loaded: the island adopts it right after hydrating.
  const typed = captureTyped(el);
  startTransition(() => {
    hydrateRoot(
      el,
      createElement(IslandProviders, {
        idPrefix: `${id}-`,
        children: Queries
          ? createElement(Queries, null, createElement(component, props))
          : createElement(component, props),
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
