/**
 * The count in a widget section's header (server-rendered, views/profile/sections.tsx) follows the editors:
 * an island that adds or removes items writes the new count there, so it is right without a reload.
 */
import { useEffect } from 'react';

export function setSectionCount(key: string, count: number): void {
  const element = document.querySelector(`[data-section-count="${key}"]`);
  if (element) element.textContent = String(count);
}

/** Keeps the section's count at `count` while the island is mounted. */
export function useSectionCount(key: string, count: number): void {
  useEffect(() => setSectionCount(key, count), [key, count]);
}
