/**
 * One editor open at a time on the profile page (docs/decisions/edit-mode.md, "a calm edit mode"): an item's editor, or the
 * profile's own fields. Shared by every island of the page (module state in a shared chunk, like pendingSaves).
 * Opening one asks the open one to close first; it may refuse — an invalid unsaved field stays open, focused —
 * and then nothing else opens. Closing never unmounts an editor's form (it is only hidden), so a save still in
 * flight, or refused later, never loses what was typed.
 */
export interface OpenEditor {
  /**
   * Leaves the editor (its focused field is left first, so that field's save is started and tracked), or keeps
   * it open and focuses the field that cannot be saved: returns whether it closed.
   */
  close(): boolean;
}

let current: OpenEditor | null = null;

/** Makes `editor` the open one, closing the one open before; false when that one stays open. */
export function openEditor(editor: OpenEditor): boolean {
  if (current && current !== editor && !current.close()) return false;
  current = editor;
  return true;
}

/** `editor` closed (Done, or another opened): none is open now. */
export function editorClosed(editor: OpenEditor): void {
  if (current === editor) current = null;
}

/** Whether `editor` is the open one. */
export const isOpenEditor = (editor: OpenEditor): boolean => current === editor;
