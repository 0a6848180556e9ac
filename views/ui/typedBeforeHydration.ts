/**
 * What a person did in an island before its script ran (typed a name, ticked a box, chose an option) is in the
 * page's controls but not in the island's state: React hydrates with the server's values, its change tracking
 * starts from what the control holds (so no change event ever fires), and the next render of the controlled
 * field puts the state's value back — the text is wiped when the person types into the next field. A
 * textarea is even reset during hydration.
 *
 * So, once for every island (islands/client.ts): before hydrateRoot, `captureTyped(root)` records every control
 * whose value differs from the one the server rendered, by element id, with the focused control's selection;
 * `IslandProviders` offers the record through `TypedBeforeHydration`; right after the hydrating commit, each
 * owner of a controlled value adopts it in a layout effect (`useTypedBeforeHydration`) — before paint, before
 * any further keystroke, and with the first render identical to the server's (no hydration mismatch). useForm
 * does it for every form field; an island's own controlled input (a search box, the combobox, a tag draft) calls
 * the hook itself. The record is emptied once the island has hydrated, so a later mount adopts nothing.
 */
import { createContext, useContext, useLayoutEffect } from 'react';

/** A control's value: `checked` for a checkbox, `value` for the rest. */
export type ControlValue = string | boolean;

/** The focused control's caret, put back after the adopted values have re-rendered. */
export interface TypedSelection {
  id: string;
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
  /** What it held then: the caret is put back only if nothing was typed since. */
  value: string;
}

export interface TypedControls {
  values: Map<string, ControlValue>;
  selection: TypedSelection | null;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (el: Element | null): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/**
 * The control's value when the person changed it from what the page was rendered with, else undefined.
 * Rendered values are the defaults (`defaultValue`, `defaultChecked`, an option's `defaultSelected`); after
 * hydration React sets an input's default to the value it rendered, so this answers for both moments.
 */
export function changedValue(el: Element | null): ControlValue | undefined {
  if (el instanceof HTMLInputElement) {
    if (el.type === 'hidden' || el.type === 'file') return undefined;
    if (el.type === 'checkbox' || el.type === 'radio') return el.checked !== el.defaultChecked ? el.checked : undefined;
    return el.value !== el.defaultValue ? el.value : undefined;
  }
  if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue ? el.value : undefined;
  if (el instanceof HTMLSelectElement)
    return [...el.options].some((option) => option.selected !== option.defaultSelected) ? el.value : undefined;
  return undefined;
}

/** Browser, before hydrateRoot: every control under `root` the person changed, and the focused one's caret. */
export function captureTyped(root: HTMLElement): TypedControls {
  const values = new Map<string, ControlValue>();
  for (const el of root.querySelectorAll('input, textarea, select')) {
    const value = el.id ? changedValue(el) : undefined;
    if (value !== undefined) values.set(el.id, value);
  }
  const active = document.activeElement;
  const selection =
    isControl(active) && active.id && root.contains(active) && !(active instanceof HTMLSelectElement)
      ? selectionOf(active)
      : null;
  return { values, selection };
}

function selectionOf(el: HTMLInputElement | HTMLTextAreaElement): TypedSelection {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = el;
    return { id: el.id, start, end, direction, value: el.value };
  } catch {
    // Inputs without a text selection (number, email in some engines) refuse to report one.
    return { id: el.id, start: null, end: null, direction: null, value: el.value };
  }
}

/**
 * After the island's values were adopted and rendered: the focused control gets its caret back (a textarea
 * that React reset loses it), unless the person has typed since.
 */
export function restoreSelection(typed: TypedControls): void {
  const { selection } = typed;
  if (!selection || selection.start === null || selection.end === null) return;
  const el = document.getElementById(selection.id);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || el.value !== selection.value) return;
  if (document.activeElement !== el) el.focus({ preventScroll: true });
  if (el.selectionStart === selection.start && el.selectionEnd === selection.end) return;
  try {
    el.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
  } catch {
    // An input type without a selection: focus is all it keeps.
  }
}

export const NOTHING_TYPED: TypedControls = { values: new Map(), selection: null };

/** The controls changed before this island hydrated (empty on the server and after hydration). */
export const TypedBeforeHydration = createContext<TypedControls>(NOTHING_TYPED);

/**
 * The value control `id` holds that the island's state does not know: what it holds now if that differs from
 * what was rendered (an input), else what it held before hydration (a textarea React reset).
 */
function typedValueOf(typed: TypedControls, id: string): ControlValue | undefined {
  return changedValue(document.getElementById(id)) ?? typed.values.get(id);
}

/**
 * Once, right after the island's first commit (its hydration): `adopt` is called with a reader of what the
 * person put in a control (by element id) before the island could hear it, and with whether that control has
 * the focus (a field the person already left may be saved at once). Never called on the server.
 */
export function useTypedBeforeHydration(
  adopt: (typedValue: (id: string) => ControlValue | undefined, hasFocus: (id: string) => boolean) => void,
): void {
  const typed = useContext(TypedBeforeHydration);
  useLayoutEffect(() => {
    adopt(
      (id) => typedValueOf(typed, id),
      (id) => document.activeElement?.id === id,
    );
    // Once per mount: what happens afterwards reaches the island through its own change handlers.
  }, []);
}

/** One control's value, for an island that holds it in its own state (a search box, a tag being typed). */
export function useTypedValue(id: string, adopt: (value: string) => void): void {
  useTypedBeforeHydration((typedValue) => {
    const value = typedValue(id);
    if (typeof value === 'string') adopt(value);
  });
}
