/**
 * What a field input is given: the field's state and handlers. Its own module so FieldInput and the inputs it
 * renders (CatalogueInput) share it without importing each other.
 */
import type { CatalogueEntryJson } from '../../src/validation/catalogue';

/** One field's state and handlers. `onBlur` is a typed field's commit (text is saved when it loses focus). */
export interface FieldBind {
  id: string;
  /** The posted name. */
  name: string;
  value: unknown;
  error: string | undefined;
  /** A nested list's messages by path (`endorsements[0].endorserName`). */
  errorAt?: (path: string) => string | undefined;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** A catalogue field (`input: 'catalogue'`): an entry was chosen, and the one last chosen. */
  onPick?: (entry: CatalogueEntryJson) => void;
  picked?: CatalogueEntryJson | null;
}
