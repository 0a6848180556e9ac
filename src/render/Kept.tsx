/**
 * <Kept identity={…}>…</Kept> marks a part of a server view whose HTML depends only on `identity` (plain JSON:
 * the props it renders): it is rendered once per identity, with the styles it needs, and kept — the rendered
 * sections of a profile, kept per version of what each shows, so a page rendered after a write to one list renders
 * only that list's section. Like <Island>, the view leaves a marker that renderDocument fills in after the
 * render; the styles a kept part injected are recorded and injected again into each page that uses it, in the
 * page's order, so a page's <style> holds the rules a whole render would have collected. One difference: a rule
 * of a component the rest of the page also used comes after that component's other rules, wherever the part sits
 * (the header's Login button's after the form's on /login). No element carries two of one component's names, so
 * the order within a component changes nothing the browser shows.
 *
 * Only pure parts may be kept: no islands, no context, no clock (dates are formatted from the
 * props). The cache is addressed by a hash of the identity, so it needs no invalidation, only a bound: the
 * identity is the props themselves, or a name for them that changes whenever they do (a profile's read sections
 * name their items by the version at which they last changed: src/pageCache/profilePages.ts `sectionStamps`).
 *
 * A caller that looked a part up before rendering (findKeptPart: a profile page whose sections are all kept
 * reads none of their items) hands it in as `part`: it is not hashed again, and an eviction in between cannot
 * make the view render its children — given nothing to show — in its place.
 */
import crypto from 'node:crypto';
import { createContext, useContext, type ReactNode } from 'react';
import { LRUCache } from 'lru-cache';

/**
 * A kept part: its HTML as UTF-8 bytes — encoded once, so a page built from kept parts copies them instead of
 * encoding them again (renderDocument) — and the style rules its render injected, in order ([componentId, name,
 * rules]).
 */
export interface KeptPart {
  bytes: Buffer;
  styles: [string, string, string[]][];
}

const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * Process-wide: identities are content hashes, so one entry is right for every page and app that asks. Kept islands
 * (`<Island keep>`, src/render/renderDocument.tsx) share it, by a hash of their props and place.
 */
export const keptParts = new LRUCache<string, KeptPart>({
  maxSize: KEPT_BYTES,
  sizeCalculation: (part) => part.bytes.length + part.styles.reduce((n, [, , r]) => n + r.join('').length * 2, 0) + 64,
});

export interface PlacedPart {
  index: number;
  key: string;
  element: ReactNode;
  kept: KeptPart | undefined;
}

/** The kept parts of one page render, in document order. */
export class KeptCollector {
  readonly placed: PlacedPart[] = [];
  constructor(readonly enabled: boolean) {}
}

export const KeptCollectorContext = createContext<KeptCollector | null>(null);

/** Where each kept part goes: `<template data-kept="N"></template>`, as React renders <Kept>'s marker. */
export const KEPT_MARKERS = /<template data-kept="(\d+)"><\/template>/g;

/** The key a part is kept under: a hash of its identity. */
export const keptKey = (identity: unknown): string => crypto.hash('sha256', JSON.stringify(identity), 'base64url');

/**
 * The key a kept island is kept under: its name and place, and its props as the page carries them — already JSON,
 * so hashed as they are rather than stringified a second time (a list editor's are tens of kilobytes). No part's
 * key can be the same: a part's identity text is one JSON value, this one is an array's text with more after it.
 */
export const keptIslandKey = (name: string, prefix: string, serialized: string): string =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(['island', name, prefix]))
    .update(serialized)
    .digest('base64url');

/** The part kept for this identity, if any (never when renders keep no part: RENDER_CACHE=false). */
export const findKeptPart = (identity: unknown, enabled: boolean): KeptPart | undefined =>
  enabled ? keptParts.get(keptKey(identity)) : undefined;

export function Kept({ identity, part, children }: { identity: unknown; part?: KeptPart; children: ReactNode }) {
  const collector = useContext(KeptCollectorContext);
  if (!collector?.enabled) {
    // A part found kept stands for children rendered without their data: never render those instead.
    if (part) throw new Error('A kept part was handed to a render that keeps none (RENDER_CACHE=false)');
    return <>{children}</>;
  }
  // A part handed in is never looked up or stored: its key (a hash) is not needed.
  const key = part ? '' : keptKey(identity);
  const index = collector.placed.length;
  collector.placed.push({ index, key, element: children, kept: part ?? keptParts.get(key) });
  return <template data-kept={index} />;
}
