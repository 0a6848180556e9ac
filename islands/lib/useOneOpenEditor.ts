/**
 * The disclosure of one editor in the calm edit mode (lib/openEditor.ts: one open at a time on the page):
 * `open` (Edit) asks the open editor to close and moves the focus to this one's first field; `done` (Done)
 * leaves the focused field (its save starts and is tracked), then closes — unless `canClose` finds a field that
 * cannot be saved, which keeps it open with that field focused — and gives the focus back to the Edit control.
 * The editor's form stays mounted while closed (hidden), so typed text outlives every close.
 *
 * Without JavaScript the disclosure is a `<details>` (`detailsRef`), opened by its `<summary>`; one opened before
 * hydration is adopted as the open editor.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import { fieldMessages } from '../../src/validation/errors';
import { editorClosed, isOpenEditor, openEditor, type OpenEditor } from './openEditor';

type FocusTarget = 'editor' | 'toggle' | 'invalid' | null;

const FIELDS = 'input:not([type="hidden"]):not([disabled]):not([readonly]), select, textarea';

export function useOneOpenEditor({
  initiallyOpen,
  canClose,
}: {
  /** Open on the first render (a failed plain post of this editor's form). */
  initiallyOpen: boolean;
  /** Whether every field can be left as it is; false after marking the ones that cannot (their messages show). */
  canClose: () => boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [focusRequest, setFocusRequest] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const focusTarget = useRef<FocusTarget>(null);
  const latestCanClose = useRef(canClose);
  latestCanClose.current = canClose;

  const focus = (target: FocusTarget) => {
    focusTarget.current = target;
    setFocusRequest((n) => n + 1);
  };

  const handle = useRef<OpenEditor | null>(null);
  if (!handle.current) {
    handle.current = {
      close: () => {
        const active = document.activeElement;
        // Leaving the focused field saves it (its blur), before anything is hidden.
        if (active instanceof HTMLElement && panelRef.current?.contains(active)) active.blur();
        if (!latestCanClose.current()) {
          focus('invalid');
          return false;
        }
        setOpen(false);
        editorClosed(handle.current!);
        return true;
      },
    };
  }
  const editor = handle.current;

  const show = () => {
    if (!openEditor(editor)) return false;
    setOpen(true);
    return true;
  };

  /** Edit: this editor opens (the open one closes first, unless it cannot) and its first field takes the focus. */
  const edit = () => {
    if (show()) focus('editor');
  };

  /** Done: closes this editor (unless a field cannot be saved) and gives the focus back to Edit; whether it closed. */
  const done = () => {
    if (!isOpenEditor(editor)) openEditor(editor);
    const closed = editor.close();
    if (closed) focus('toggle');
    return closed;
  };

  // Opened before the script ran (the <summary> works without it), or open from the server: the page's open one.
  useLayoutEffect(() => {
    if (detailsRef.current?.open || initiallyOpen) show();
    return () => editorClosed(editor);
  }, []);

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target === 'toggle') toggleRef.current?.focus();
    else if (target === 'editor') panelRef.current?.querySelector<HTMLElement>(FIELDS)?.focus();
    else if (target === 'invalid')
      (
        panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        panelRef.current?.querySelector<HTMLElement>(FIELDS)
      )?.focus();
  }, [focusRequest]);

  return {
    open,
    edit,
    done,
    /** Opens it again without moving the focus (a save refused after it was closed shows its message there). */
    reopen: () => void show(),
    panelRef,
    toggleRef,
    detailsRef,
  };
}

/** The root fields with a message: what fails the schema now, or what the server refused and is still shown. */
export function unsavable(
  schema: AnyObjectSchema,
  values: Record<string, unknown>,
  shownErrors: Record<string, unknown>,
) {
  let failing: string[] = [];
  try {
    schema.validateSync(values, { abortEarly: false });
  } catch (error) {
    failing = Object.keys(fieldMessages(error));
  }
  const refused = Object.entries(shownErrors).flatMap(([path, message]) => (message ? [path] : []));
  return [...new Set([...failing, ...refused].map((path) => path.split(/[.[]/)[0]!))];
}
