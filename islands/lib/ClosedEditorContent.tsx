/**
 * The form of a saved item's editor that is closed when the page arrives (issue 21, edit mode's blocking time).
 * Chrome's autofill walks every form in the page at DOMContentLoaded, field by field, and a profile's edit mode
 * holds one closed editor per item (25 forms, ~420 fields with items in every widget): most of the page's longest
 * task. Inside `<noscript>` the form is markup only where it is needed, without JavaScript (the `<details>` opens
 * the plain form as before); with JavaScript the browser keeps it as unparsed text and React does not render a
 * `<noscript>`'s children, so the form enters the page the first time the editor opens, and stays (typed text
 * outlives every close). Before the island hydrates an opened editor is empty: the add panels, where typing
 * before hydration is kept, do not use it.
 */
import { useState, type ReactNode } from 'react';

export function ClosedEditorContent({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? children : <noscript>{children}</noscript>;
}
