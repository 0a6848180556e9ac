/**
 * What a server-rendered form needs to show after a failed post (the no-JavaScript path, src/http/formAction.ts):
 * the submitted values (never a password), each field's message, and a message for the form as a whole.
 * A page passes it to the form's island as the `state` prop, so the hydrated island shows the same thing.
 */
export interface FormErrorJson {
  /** The same title the island's failure toast uses (e.g. 'Login failed'). */
  title: string;
  message: string;
}

/** A posted value: a field's text, a list of texts (tags), or rows of texts (a nested list's rows). */
export type FormValue = string | string[] | Array<Record<string, string>>;

export interface FormState {
  values: Record<string, FormValue>;
  errors: Record<string, string>;
  error?: FormErrorJson | null;
  /** The post needs a recent proof (docs/api.md "Step-up"): the form asks for the password (and the code) inline. */
  reauthenticate?: { secondFactorRequired: boolean } | null;
}

/**
 * A success toast for the page a server redirect leads to (sign-in, sign-up): the post sets this short-lived
 * cookie (src/http/flash.ts, `toastAfterRedirect`), the next page's toaster shows it once and clears it
 * (islands/lib/toast.ts). Shared here because both sides read the name.
 */
export const PENDING_TOAST_COOKIE = 'turnout_toast';

/**
 * A done (or refused) action's confirmation, shown where it happened (views/ui/ActionStatus.tsx): the place's id
 * (`at`, a row's or form's id, also the redirect's anchor) and what it says.
 */
export interface ActionNotice {
  at: string;
  message: string;
  tone?: 'ok' | 'error';
}

/**
 * The status line's element id for the place `at`: also the plain post's redirect anchor, so the browser scrolls
 * to the line and focuses it (a fragment's target that can take the focus gets it).
 */
export const statusIdFor = (at: string) => `${at}-status`;
