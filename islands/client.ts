/**
 * The browser runtime: finds every [data-island] element, loads its module and hydrates it as its own
 * React root with the same identifierPrefix and providers the server used.
 * Policies: load (now), idle (requestIdleCallback), visible (when scrolled into view), interaction (when first
 * pointed at, touched or focused).
 */
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandProviders } from './lib/IslandProviders';
import { getBrowserQueryClient } from './lib/queryClient';
import { mountToaster } from './lib/toaster';
import { captureTyped, restoreSelection } from '../views/ui/typedBeforeHydration';

const sources = JSON.parse(document.getElementById('island-sources')?.textContent ?? '{}') as Record<string, string>;

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island!;
  const id = el.dataset.islandId!;
  const propsEl = document.querySelector(`script[data-island-props="${id}"]`);
  const props = JSON.parse(propsEl?.textContent ?? '{}') as object;
  const mod = (await import(/* @vite-ignore */ sources[name]!)) as { default: ComponentType<object> };
  // What the person typed while the script loaded: the island adopts it right after hydrating.
  const typed = captureTyped(el);
  startTransition(() => {
    hydrateRoot(
      el,
      createElement(IslandProviders, {
        queryClient: getBrowserQueryClient(),
        children: createElement(mod.default, props),
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

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/**
 * `visible`: the island's code is fetched and it hydrates when it comes near the viewport (the page does not
 * preload it): editors below the fold cost nothing until the person scrolls to them.
 */
function whenVisible(el: HTMLElement, run: () => void): void {
  // The wrapper is display: contents (no box of its own), so observe the island's first element.
  const target = (el.firstElementChild as HTMLElement | null) ?? el;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin: '200px 0px' }, // a little ahead of the scroll, so it is live when it arrives
  );
  observer.observe(target);
}

/**
 * `interaction`: the island's code is fetched and it hydrates when the person first points at, touches or focuses
 * it (a header panel that works as plain links and a native <details> until then): nothing at load.
 */
function whenTouched(el: HTMLElement, run: () => void): void {
  const target = (el.firstElementChild as HTMLElement | null) ?? el;
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  const start = () => {
    for (const type of events) target.removeEventListener(type, start);
    run();
  };
  for (const type of events) target.addEventListener(type, start, { passive: true });
}

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const run = () =>
    void hydrate(el).catch((error: unknown) => console.error(`Island ${el.dataset.island} failed`, error));
  const policy = el.dataset.hydrate;
  if (policy === 'webauthn') {
    if ('PublicKeyCredential' in window) run(); // passkey buttons: useless without WebAuthn
  } else if (policy === 'idle') whenIdle(run);
  else if (policy === 'visible') whenVisible(el, run);
  else if (policy === 'interaction') whenTouched(el, run);
  else run();
}

mountToaster();
