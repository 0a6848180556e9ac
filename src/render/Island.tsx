/**
 * <Island name="LoginForm" props={...} hydrate="load" /> marks an interactive part of a server-rendered view.
 * The island is rendered later as its own root (own id prefix, so the kit's useId matches in the browser,
 * views/ui/useId.ts); here we only leave a marker, record its props and emit them as JSON.
 * The wrapper div is `display: contents` (a rule of the global sheet, views/layout/GlobalStyle.tsx), so it never
 * changes layout.
 */
import { createContext, useContext, type ComponentProps } from 'react';
import type { islands } from '../../islands/registry';
import { serializeProps } from './serialize';

export type IslandName = keyof typeof islands;
/**
 * `webauthn`: at load, not preloaded, and only in a browser with WebAuthn (Security's Add Passkey);
 * `interaction`: when first pointed at, touched or focused (islands/client.ts).
 */
export type HydratePolicy = 'load' | 'idle' | 'visible' | 'interaction' | 'webauthn';

export interface PlacedIsland {
  id: string;
  name: IslandName;
  props: object;
  /** The props as the page carries them (serializeProps): also what a kept island is kept by. */
  serialized: string;
  hydrate: HydratePolicy;
  /** Kept by its props (renderDocument): its server HTML is a function of them and its place in the page. */
  keep: boolean;
}

/** Collects the islands of one page render. */
export class IslandCollector {
  readonly placed: PlacedIsland[] = [];
  add(island: Omit<PlacedIsland, 'id'>): string {
    const id = `i${this.placed.length + 1}`;
    this.placed.push({ id, ...island });
    return id;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

export const islandMarker = (id: string) => `<!--island:${id}-->`;
/** Every island's marker in a rendered body (ids are `i1`, `i2`, …), for one pass that fills them all. */
export const ISLAND_MARKERS = /<!--island:(i\d+)-->/g;

type IslandProps<N extends IslandName> = {
  name: N;
  props: ComponentProps<(typeof islands)[N]>;
  hydrate?: HydratePolicy;
  /**
   * Keep the island's server HTML by its props (renderDocument): for a large island whose render depends on
   * nothing but its props — no clock, no request (the list editors of the edit page: a page after a write to
   * one list renders only that list's editor). Its props already carry everything it shows.
   */
  keep?: boolean;
};

export function Island<N extends IslandName>({ name, props, hydrate = 'load', keep = false }: IslandProps<N>) {
  const collector = useContext(IslandCollectorContext);
  if (!collector) throw new Error('<Island> must be rendered through renderPage');
  const serialized = serializeProps(props);
  const id = collector.add({ name, props: props as object, serialized, hydrate, keep });
  return (
    <>
      <div
        data-island={name}
        data-island-id={id}
        data-hydrate={hydrate}
        dangerouslySetInnerHTML={{ __html: islandMarker(id) }}
      />
      <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: serialized }} />
    </>
  );
}
