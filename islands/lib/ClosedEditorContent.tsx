/**
 * The form of a saved item's editor that is closed when the page arrives (docs/decisions/script-only-where-needed.md: edit mode's blocking time, and
 * its weight). Chrome's autofill walks every form in the page at DOMContentLoaded, field by field, and a profile's
 * edit mode holds one closed editor per item: most of the page's longest task. And each item's form is ~7 KB of
 * markup: at 100 items, two thirds of the edit page's HTML. So a closed editor renders no form at all: React renders
 * it the first time the editor opens, and keeps it (typed text outlives every close). Without JavaScript the editor
 * holds, in `<noscript>`, a link to the edit page with this item's editor open on arrival (`?open={list}:{id}`),
 * whose form posts as before; with JavaScript the browser keeps that as unparsed text and React does not render a
 * `<noscript>`'s children. Before the island hydrates an opened editor is empty: the add panels, where typing
 * before hydration is kept, do not use it.
 */
import { useState, type ReactNode } from 'react';

export function ClosedEditorContent({
  open,
  withoutScript,
  children,
}: {
  open: boolean;
  /** What a closed editor offers without JavaScript: the way to its form. */
  withoutScript: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? children : <noscript>{withoutScript}</noscript>;
}
