/**
 * The open state of a `<details>` an island renders. Its `<summary>` works before the script runs, so a person can
 * open it while the page loads; the island hydrates with its own state (closed), and the DOM stays open without
 * the island knowing — then Cancel or a save that closes it changes nothing (the state was already closed). Like
 * what was typed before hydration (views/ui/typedBeforeHydration.ts), the island adopts what the person did: right
 * after the hydrating commit, before paint, the state takes the element's `open`.
 */
import { useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';

export function useDisclosure(initiallyOpen: boolean) {
  const [open, setOpen] = useState(initiallyOpen);
  const ref = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.open && !initiallyOpen) setOpen(true);
  }, []);
  return {
    open,
    setOpen,
    /** Spread on the `<details>`. */
    details: {
      ref,
      open,
      onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open),
    },
  };
}
