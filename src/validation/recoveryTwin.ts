/**
 * A second-factor field and its recovery twin (docs/decisions/code-fields.md). The code field opens a phone's
 * number pad (`inputmode="numeric"`, `autocomplete="one-time-code"`), where a recovery code — letters and digits —
 * cannot be typed; so the forms that take either one carry a twin text field, `<name>Recovery`, behind "Use a
 * recovery code instead". The server reads whichever was typed, the twin first. Yup-free: the views import it.
 */
export const recoveryTwin = (name: string): string => `${name}Recovery`;

/**
 * Folds a form body's twin into its field (a schema's object-level transform, before the fields are read):
 * `{ code: '', codeRecovery: 'abcde-fghij' }` → `{ code: 'abcde-fghij' }`. Other values pass unchanged.
 */
export function foldRecoveryTwin(name: string) {
  const twin = recoveryTwin(name);
  return (value: unknown): unknown => {
    if (!value || typeof value !== 'object' || !(twin in value)) return value;
    const { [twin]: typed, ...rest } = value as Record<string, unknown>;
    return typeof typed === 'string' && typed.trim() ? { ...rest, [name]: typed } : rest;
  };
}
