/**
 * An item saved, linked or deleted by one island of the profile page, told to the others (the list editor and
 * the photo links below it): module state in a shared chunk, like pendingSaves.ts.
 */
import { useEffect, useRef } from 'react';
import type { ListItemJson } from '../../src/validation/lists';
import type { LinkableList, PhotoJson, Target } from '../../src/validation/photos';

type ItemEvent = { kind: 'saved'; item: ListItemJson; photos: PhotoJson[] } | { kind: 'removed'; id: number };
type Announcement = (target: LinkableList, event: ItemEvent) => void;
const listeners = new Set<Announcement>();

/** Tells the page's islands that an item was added or its photos linked (the answer's item and photos). */
export function announceItem(target: LinkableList, item: ListItemJson, photos: PhotoJson[] = []): void {
  for (const listener of listeners) listener(target, { kind: 'saved', item, photos });
}

/** Tells the page's islands that the server deleted an item. */
export function announceItemRemoved(target: LinkableList, id: number): void {
  for (const listener of listeners) listener(target, { kind: 'removed', id });
}

/**
 * Calls `onItem` for each item of `target` (none when null) an island of the page announces as saved, and
 * `onRemoved` for each it announces deleted.
 */
export function useItemAnnouncements(
  target: Target | null,
  onItem: (item: ListItemJson, photos: PhotoJson[]) => void,
  onRemoved?: (id: number) => void,
): void {
  const latest = useRef({ onItem, onRemoved });
  latest.current = { onItem, onRemoved };
  useEffect(() => {
    const listener: Announcement = (announced, event) => {
      if (announced !== target) return;
      if (event.kind === 'saved') latest.current.onItem(event.item, event.photos);
      else latest.current.onRemoved?.(event.id);
    };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [target]);
}
