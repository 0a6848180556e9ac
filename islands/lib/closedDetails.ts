/**
 * For a `<details>` whose content holds forms (the editors in edit mode). Chrome keeps a closed `<details>`' content
 * behind a display lock, and on DOMContentLoaded its form autofill forces style and layout of every form in it, one
 * form at a time: with edit mode's ~20 closed forms that was most of the page's one long task (docs/decisions/script-only-where-needed.md). Content
 * that is `display: none` while closed costs those forced updates almost nothing; nothing visible changes, since
 * closed content is not shown either way.
 */
import { css } from 'styled-components';

export const closedContentNotRendered = css`
  &:not([open]) > :not(summary) {
    display: none;
  }
  /* Without JavaScript a closed editor's link to its form is in <noscript> (ClosedEditorContent): no box of its own. */
  & noscript {
    display: contents;
  }
`;
