/**
 * Server rendering of a whole page: the view to HTML, then each island as its own React root,
 * styles collected into <head>, and script tags only for the islands the page actually has.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ServerStyleSheet } from 'styled-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { islands } from '../../islands/registry';
import { IslandProviders } from '../../islands/lib/IslandProviders';
import { createQueryClient } from '../../islands/lib/queryClient';
import { ISLAND_MARKERS, IslandCollector, IslandCollectorContext, type PlacedIsland } from './Island';
import {
  KEPT_MARKERS,
  KeptCollector,
  KeptCollectorContext,
  keptIslandKey,
  keptParts,
  type KeptPart,
  type PlacedPart,
} from './Kept';
import { getManifest, type AssetManifest } from './manifest';
import { serializeProps } from './serialize';
import { StaticStyles, StaticStylesContext } from './StaticStyle';
import { pageStyleTags, serverStyleSheet } from './styleSheet';

export interface DocumentOptions {
  title: string;
  description?: string;
  /** Keep private pages (settings, admin) out of search engines. */
  noindex?: boolean;
  /** Extra tags for <head> (sharing metadata): escaped here, so callers pass plain values. */
  head?: HeadTag[];
}

export type HeadTag =
  | { tag: 'meta'; attributes: Record<string, string> }
  | { tag: 'link'; attributes: Record<string, string> }
  /** Structured data; serialized like island props, so no string can end the element. */
  | { tag: 'jsonld'; data: object };

function renderHeadTag(tag: HeadTag): string {
  if (tag.tag === 'jsonld') return `<script type="application/ld+json">${serializeProps(tag.data)}</script>`;
  const attributes = Object.entries(tag.attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<${tag.tag}${attributes}>`;
}

export interface RenderedDocument {
  /** The page as UTF-8 bytes, as it is sent and kept. */
  html: Buffer;
  islandCount: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface RenderEnvironment {
  /** config.nodeEnv === 'production': the asset manifest is read once. */
  production: boolean;
  /** Render <Kept> parts once per content and reuse them (config.renderCache); false renders them every time. */
  keepParts?: boolean;
}

/**
 * An element rendered on its own sheet, recording the style rules it injects so every page that shows it can
 * inject them too: a <Kept> part, or a kept island.
 */
function renderRecorded(element: ReactElement, identifierPrefix: string): KeptPart {
  const sheet = serverStyleSheet();
  const styles: KeptPart['styles'] = [];
  const instance = sheet.instance;
  const insert = instance.insertRules.bind(instance);
  instance.insertRules = (id, name, rules) => {
    styles.push([id, name, [...rules]]);
    insert(id, name, rules);
  };
  try {
    const html = renderToString(sheet.collectStyles(element), { identifierPrefix });
    return { bytes: Buffer.from(html), styles };
  } finally {
    sheet.seal();
  }
}

const renderPart = (part: PlacedPart): KeptPart => renderRecorded(<>{part.element}</>, `k${part.key.slice(0, 8)}-`);

/** A kept part's style rules into the page's sheet, as its render injected them. */
function injectStyles(sheet: ServerStyleSheet, part: KeptPart): void {
  for (const [id, name, rules] of part.styles) {
    if (!sheet.instance.hasNameForId(id, name)) sheet.instance.insertRules(id, name, rules);
  }
}

/** An island's root as the browser hydrates it: its providers and its own identifierPrefix (the page's order). */
function islandElement(island: PlacedIsland, queryClient: QueryClient): ReactElement {
  const Component = islands[island.name] as (props: object) => ReactElement;
  return (
    <QueryClientProvider client={queryClient}>
      <IslandProviders idPrefix={`${island.id}-`}>
        <Component {...island.props} />
      </IslandProviders>
    </QueryClientProvider>
  );
}

/** The query cache's files (a stage of the runtime that only islands reading through react-query load). */
const queryStage = (manifest: AssetManifest) => [manifest.queries.src, ...manifest.queries.imports];

/** Islands whose code the page does not preload: fetched when scrolled to, first touched, or when WebAuthn exists. */
const WAITING_POLICIES: ReadonlySet<string> = new Set(['visible', 'interaction', 'webauthn']);

/** A kept part's marker or an island's, in a rendered body (kept parts never hold islands: Kept.tsx). */
const MARKERS = new RegExp(`${KEPT_MARKERS.source}|${ISLAND_MARKERS.source}`, 'g');

/**
 * The body's pieces, in order, onto `pieces`: its own HTML between the markers, and at each marker the kept
 * part's bytes or the island's HTML. One pass over the body's own HTML, and none over the parts: they are
 * copied into the page as they were encoded when kept.
 */
function placeMarked(
  body: string,
  parts: readonly Buffer[],
  islandHtml: ReadonlyMap<string, string | Buffer>,
  pieces: (string | Buffer)[],
): void {
  let from = 0;
  for (const match of body.matchAll(MARKERS)) {
    const [marker, partIndex, islandId] = match;
    pieces.push(body.slice(from, match.index));
    pieces.push(partIndex !== undefined ? parts[Number(partIndex)]! : (islandHtml.get(islandId!) ?? marker));
    from = match.index + marker.length;
  }
  pieces.push(body.slice(from));
}

/** Strings and bytes as one buffer: the strings encoded into it, the bytes copied (no page-sized string). */
function joinPieces(pieces: readonly (string | Buffer)[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += typeof piece === 'string' ? out.write(piece, at) : piece.copy(out, at);
  return out;
}

export function renderDocument(
  element: ReactElement,
  options: DocumentOptions,
  environment: RenderEnvironment,
): RenderedDocument {
  const sheet = serverStyleSheet();
  try {
    const collector = new IslandCollector();
    const kept = new KeptCollector(environment.keepParts ?? true);
    const staticStyles = new StaticStyles();
    const body = renderToString(
      sheet.collectStyles(
        <IslandCollectorContext.Provider value={collector}>
          <KeptCollectorContext.Provider value={kept}>
            <StaticStylesContext.Provider value={staticStyles}>{element}</StaticStylesContext.Provider>
          </KeptCollectorContext.Provider>
        </IslandCollectorContext.Provider>,
      ),
    );

    // Kept parts, in document order: rendered now if new, and their styles added to the page's as they come.
    const parts = kept.placed.map((placed) => {
      let part = placed.kept;
      if (!part) keptParts.set(placed.key, (part = renderPart(placed)));
      injectStyles(sheet, part);
      return part.bytes;
    });

    // Each island is a separate root; a per-request QueryClient never leaks data between requests (none is made
    // for a page without islands). A kept island (<Island keep>) is its HTML by its props and place: rendered
    // once, then its bytes and style rules reused, like a kept part.
    let queryClient: QueryClient | undefined;
    const islandHtml = new Map<string, string | Buffer>();
    for (const island of collector.placed) {
      queryClient ??= createQueryClient();
      const prefix = `${island.id}-`;
      if (island.keep && kept.enabled) {
        const key = keptIslandKey(island.name, prefix, island.serialized);
        let part = keptParts.get(key);
        if (!part) keptParts.set(key, (part = renderRecorded(islandElement(island, queryClient), prefix)));
        injectStyles(sheet, part);
        islandHtml.set(island.id, part.bytes);
      } else {
        const html = renderToString(sheet.collectStyles(islandElement(island, queryClient)), {
          identifierPrefix: prefix,
        });
        islandHtml.set(island.id, html);
      }
    }

    const head: string[] = [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(options.title)}</title>`,
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ];
    if (options.description) head.push(`<meta name="description" content="${escapeHtml(options.description)}">`);
    if (options.noindex) head.push('<meta name="robots" content="noindex">');
    for (const tag of options.head ?? []) head.push(renderHeadTag(tag));

    let scripts = '';
    if (collector.placed.length > 0) {
      const manifest = getManifest(environment.production);
      // The runtime's stages (React, the providers) and every island hydrated at load (or idle), with their chunks,
      // so the browser fetches them in parallel instead of discovering each import only after the previous file
      // arrived. An island hydrated when it scrolls into view or is first touched is not preloaded: its code is
      // fetched then (an editor below the fold, the Share panel). A page whose islands all wait for a touch (the
      // owner's own profile page) preloads only the runtime's own small file, which loads the stages when an island
      // first needs them (islands/client.ts); one in view at load (the admin tables) may need them at once.
      for (const island of collector.placed)
        if (!manifest.islands[island.name])
          throw new Error(`Island ${island.name} is missing from the asset manifest; rebuild islands`);
      const preloads = new Set<string>([manifest.client.src]);
      if (!collector.placed.every((island) => island.hydrate === 'interaction'))
        manifest.client.imports.forEach((file) => preloads.add(file));
      for (const island of collector.placed.filter((placed) => !WAITING_POLICIES.has(placed.hydrate))) {
        const entry = manifest.islands[island.name]!;
        // The query cache with the first island at load that reads through it (islands/client.ts).
        for (const file of [entry.src, ...entry.imports, ...(entry.queries ? queryStage(manifest) : [])])
          preloads.add(file);
      }
      // At low priority: the page arrives complete, so on a slow link its HTML and images go first and the code
      // that makes it interactive after. At the default (high) priority ~140 KB of the edit page's code shared
      // the link with its HTML: Lighthouse's simulated phone painted at 0.9–3.2 s, now at 0.8–1.1 s
      // (docs/decisions/server-rendered-islands.md).
      for (const file of preloads) head.push(`<link rel="modulepreload" href="${file}" fetchpriority="low">`);
      // Each island's module and its chunks, dependencies first: the runtime evaluates them one a task
      // (islands/client.ts), so no island's code is one long task.
      const sources = Object.fromEntries(
        collector.placed.map(({ name }) => {
          const { src, imports: chunks, queries } = manifest.islands[name]!;
          return [name, queries ? { src, chunks, queries } : { src, chunks }];
        }),
      );
      scripts =
        `<script type="application/json" id="island-sources">${JSON.stringify(sources)}</script>` +
        `<script type="module" src="${manifest.client.src}"></script>`;
    }
    // Static sheets first (the layout's global rules), then the components' styles: what a reset and the
    // components it sits under look like in any style sheet.
    for (const css of staticStyles.sheets) head.push(`<style>${css}</style>`);
    head.push(pageStyleTags(sheet));

    const pieces: (string | Buffer)[] = [`<!doctype html><html lang="en"><head>${head.join('')}</head><body>`];
    placeMarked(body, parts, islandHtml, pieces);
    pieces.push(`${scripts}</body></html>`);
    return { html: joinPieces(pieces), islandCount: collector.placed.length };
  } finally {
    sheet.seal();
  }
}
