/**
 * An island's in-place confirmation (docs/decisions/confirm-in-place.md): the notice the server rendered after a
 * plain post, then the one the island's own last action set. The focus moves to its status line as soon as that
 * line is on the page (a created row's line appears once the list has been fetched again).
 */
import { useEffect, useRef, useState } from 'react';
import { statusIdFor, type ActionNotice } from '../../src/validation/forms';

export function useNotice(initial: ActionNotice | null | undefined) {
  const [notice, setNotice] = useState<ActionNotice | null>(initial ?? null);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const at = pendingFocus.current;
    const line = at ? document.getElementById(statusIdFor(at)) : null;
    if (!line) return;
    pendingFocus.current = null;
    line.focus();
  });
  const show = (next: ActionNotice) => {
    pendingFocus.current = next.at;
    setNotice(next);
  };
  return { notice, show };
}
