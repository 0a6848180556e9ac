/**
 * The browser runtime: finds every [data-island] element, loads its module and hydrates it as its own
 * root with the same id prefix and providers the server used.
 * Policies: load (now), idle (requestIdleCallback), visible (fetched near the viewport, hydrated in view once idle,
 * at once when touched), interaction (when first pointed at, touched or focused).
 *
 * This file is small on purpose: evaluating the framework, styled-components and react-query at once was one
 * long task on a phone (docs/decisions/script-only-where-needed.md, edit mode's total blocking time). They are imported in stages, each evaluated in
 * a task of its own, and every island's module is evaluated and hydrated in its own task too. The build preloads
 * the stages with this file (scripts/build.ts), so staging costs no extra round trip; the query cache is a stage
 * only islands that read through react-query load (docs/decisions/preact-in-the-browser.md).
 *
 * A page whose islands all wait for a touch loads none of it until one of them hydrates: the owner's own profile
 * page then ships this file alone (src/render/renderDocument.tsx preloads the stages on every other page).
 */
import type { ComponentType } from 'react';

/**
 * The cookie a plain post's toast waits in for the next page (PENDING_TOAST_COOKIE, src/validation/forms.ts),
 * spelled out because this file imports nothing statically (test/integration/shell.test.ts checks they agree).
 */
const PENDING_TOAST = 'turnout_toast=';

/**
 * Each island's module, the chunks it imports (each after those it imports: scripts/build.ts) and whether it reads
 * through react-query (src/render/renderDocument.tsx).
 */
const sources = JSON.parse(document.getElementById('island-sources')?.textContent ?? '{}') as Record<
  string,
  { src: string; chunks?: string[]; queries?: true }
>;

/** Lets the browser paint and handle input before the next piece of work (a new task). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

/** React and react-dom first (the largest evaluation), then the providers and the hydrating code: once, when needed. */
let runtime: Promise<typeof import('./lib/hydrateIsland')> | undefined;
const loadRuntime = () =>
  (runtime ??= (async () => {
    await import('react-dom/client');
    await nextTask();
    return import('./lib/hydrateIsland');
  })());

/**
 * The query cache, only for an island that reads through react-query: a page of islands that only write (the
 * passkey sign-in) never loads it. The build leaves it out of the runtime's preloads (scripts/build.ts).
 */
let queries: Promise<typeof import('./lib/queryClient')> | undefined;
const loadQueries = () => (queries ??= import('./lib/queryClient'));

/** Island modules are evaluated and hydrated one at a time, each after a yield. */
let queue: Promise<void> = Promise.resolve();

/** Fetches a module without evaluating it (islands scrolled into view together download in parallel). */
function prefetch(src: string): void {
  if (document.querySelector(`link[rel="modulepreload"][href="${src}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = src;
  document.head.append(link);
}

/** Chunks already evaluated (by an island before, or by the runtime's stages). */
const evaluated = new Set<string>();

/**
 * Evaluates an island's chunks one a task, each after those it imports, so that importing the island evaluates
 * only its own file: evaluated at once, an editor's code (the framework's layers, yup, the lists' schemas) was
 * a long task on a phone (docs/decisions/lazy-hydration.md).
 */
async function evaluateChunks(chunks: readonly string[]): Promise<void> {
  for (const chunk of chunks) {
    if (evaluated.has(chunk)) continue;
    evaluated.add(chunk);
    await nextTask();
    await import(/* @vite-ignore */ chunk);
  }
}

/** Islands whose hydration has started. */
const started = new WeakSet<HTMLElement>();

function hydrate(el: HTMLElement): Promise<void> {
  if (started.has(el)) return Promise.resolve(); // asked twice (in view, then touched): once
  started.add(el);
  const name = el.dataset.island!;
  const source = sources[name]!;
  prefetch(source.src);
  const ready = loadRuntime(); // starts now, not when the island's turn comes
  const cache = source.queries ? loadQueries() : undefined;
  const turn = queue.then(async () => {
    const { hydrateIsland } = await ready;
    // Imported only now: an import evaluates the module (and what it imports) as soon as it arrives; the fetch
    // started at once (preloaded with the page, or by prefetch above).
    await evaluateChunks(source.chunks ?? []);
    await nextTask();
    const mod = (await import(/* @vite-ignore */ source.src)) as { default: ComponentType<object> };
    const queries = (await cache)?.BrowserQueries;
    await nextTask();
    hydrateIsland(el, mod.default, queries);
  });
  queue = turn.catch(() => undefined);
  if (loaded) showToasts(); // an island hydrated later may toast
  return turn;
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/**
 * `visible`: the island's code is fetched when it comes within 200 px of the viewport (the page does not preload
 * it), and it hydrates once it is in view and the browser is idle: editors below the fold cost nothing until the
 * person scrolls to them, and those in view at load wait until the page has been painted and has settled. A
 * touch, a pointer or the focus on it first hydrates it at once (docs/decisions/lazy-hydration.md).
 */
function whenVisibleOrTouched(el: HTMLElement, run: () => void): void {
  whenTouched(el, run);
  // A modulepreload fetches the file's imports too.
  whenVisible(el, '200px 0px', () => prefetch(sources[el.dataset.island!]!.src));
  whenVisible(el, '0px', () => whenIdle(run));
}

function whenVisible(el: HTMLElement, rootMargin: string, run: () => void): void {
  // The wrapper is display: contents (no box of its own), so observe the island's first element.
  const target = (el.firstElementChild as HTMLElement | null) ?? el;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin },
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

/**
 * The toast viewport, once, after the islands queued so far. It needs React: a page that hydrated nothing and has
 * no toast waiting never loads it.
 */
let toaster: Promise<void> | undefined;
function showToasts(): void {
  toaster ??= queue
    .then(nextTask)
    .then(async () => (await import('./lib/toaster')).mountToaster())
    .catch((error: unknown) => console.error('The toaster failed', error));
}

/** Set once every island has its policy: from then on a hydration mounts the toaster after itself. */
let loaded = false;
for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const run = () =>
    void hydrate(el).catch((error: unknown) => console.error(`Island ${el.dataset.island} failed`, error));
  const policy = el.dataset.hydrate;
  if (policy === 'webauthn') {
    if ('PublicKeyCredential' in window) run(); // passkey buttons: useless without WebAuthn
  } else if (policy === 'idle') whenIdle(run);
  else if (policy === 'visible') whenVisibleOrTouched(el, run);
  else if (policy === 'interaction') whenTouched(el, run);
  else run();
}
loaded = true;

// The toaster after the islands hydrated at load; or at once for a toast the last page left (a plain post's).
if (runtime || document.cookie.split('; ').some((pair) => pair.startsWith(PENDING_TOAST))) showToasts();
