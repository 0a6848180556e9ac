/**
 * A closed `<details>`' content as the server rendered it, until it first opens (docs/decisions/lazy-hydration.md):
 * the profile's fields behind Edit Profile and each list's add form. They are in the page so that they work, and
 * keep what is typed, before the script has run; closed when the island hydrates, hydrating them is most of the
 * island's work for nothing the person can see. So the island's first render gives that element no children but
 * `dangerouslySetInnerHTML={KEPT_HTML}`, and Preact's hydration leaves the server's children as they are; when the
 * editor opens, the island renders its own (the server's are dropped: nothing was typed into a closed form) and
 * keeps them from then on. Opened before hydration, the content hydrates as usual, keeping what was typed.
 */
import { useState } from 'react';

/** What a kept element renders instead of its children: one object, so a later render changes nothing. */
export const KEPT_HTML = { __html: '' };

/** Browser only: the element with this id is the content of a `<details>` that is closed now. */
const closedInPage = (id: string) => {
  if (typeof document === 'undefined') return false;
  const details = document.getElementById(id)?.parentElement;
  return details instanceof HTMLDetailsElement && !details.open;
};

/**
 * Whether the content with this `id` (a direct child of its `<details>`) is kept as the server rendered it: true
 * from a hydration that found it closed until `open`, false on the server and once opened.
 */
export function useKeptUntilOpened(id: string, open: boolean): boolean {
  const [kept, setKept] = useState(() => closedInPage(id));
  if (kept && open) setKept(false);
  return kept && !open;
}
