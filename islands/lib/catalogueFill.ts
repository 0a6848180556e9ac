/**
 * What choosing a catalogue entry does to a certification or license form (docs/decisions/credential-catalogue.md): the list definition's
 * `catalogue` names the fields; the rules are src/validation/catalogue.ts. `pick(entry)` answers the values to
 * set (name, issuer, suggested expiry); `reissued()`, after the issue date was left, the suggestion if the expiry
 * is still empty (never a past date). The caller sets them (and, inline, saves them).
 */
import { useRef, useState } from 'react';
import {
  catalogueValues,
  expirySuggestion,
  type CatalogueEntryJson,
  type CatalogueFill,
} from '../../src/validation/catalogue';

type Values = Record<string, unknown>;

export function useCatalogueFill(fill: CatalogueFill | undefined, getValues: () => Values) {
  const [picked, setPicked] = useState<CatalogueEntryJson | null>(null);
  const earlier = useRef<{ issuer: string | null }>({ issuer: null });

  const pick = (entry: CatalogueEntryJson): Values => {
    if (!fill) return { name: entry.name };
    const next = catalogueValues(fill, entry, getValues(), earlier.current);
    earlier.current = { issuer: entry.issuer };
    setPicked(entry);
    return next;
  };

  const reissued = (): Values => {
    const values = getValues();
    if (!fill || !picked || values.name !== picked.name) return {};
    const expires = expirySuggestion(fill, picked, values);
    return expires === undefined ? {} : { [fill.expires]: expires };
  };

  return { picked, pick, reissued, issuedField: fill?.issued };
}
