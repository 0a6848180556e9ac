/**
 * A credential's name with the catalogue's suggestions (docs/decisions/credential-catalogue.md): the kit's Combobox over
 * GET /api/credentials/catalogue. The text is the field's value (free text stays allowed: nothing has to be
 * chosen); choosing an entry hands it to `onPick`, which fills the issuer and suggests the expiry (lib/catalogueFill).
 * The input keeps the field's id and form name, so the plain form posts it without JavaScript.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { styled } from 'styled-components';
import { sc } from '../../views/ui/sc';
import { CATALOGUE_MESSAGES, CATALOGUE_MIN_CHARS, type CatalogueEntryJson } from '../../src/validation/catalogue';
import type { FieldMeta } from '../../src/validation/lists/define';
import { catalogueApi, catalogueKey } from './catalogueApi';
import { useDebouncedValue } from './useDebouncedValue';
import { shown } from './useForm';
import type { FieldBind } from './fieldBind';
import { SuggestionField } from './SuggestionField';
import { theme } from '../../views/ui/theme';

export const CATALOGUE_DEBOUNCE_MS = 200;

const Issuer = styled.span.withConfig(sc('CatalogueIssuer'))`
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
`;

export function CatalogueInput({
  meta,
  bind,
  picked,
}: {
  meta: FieldMeta;
  bind: FieldBind;
  /** The entry last chosen here, if the name still is its name: its usual validity shows under the field. */
  picked: CatalogueEntryJson | null;
}) {
  const text = shown(bind.value);
  const query = useDebouncedValue(text.trim(), CATALOGUE_DEBOUNCE_MS);
  const searchable = query.length >= CATALOGUE_MIN_CHARS;
  const search = useQuery({
    queryKey: catalogueKey(query),
    queryFn: () => catalogueApi.search(query),
    enabled: searchable,
    placeholderData: keepPreviousData,
  });
  // The chosen entry's own name is not a search any more.
  const results = searchable && search.data && picked?.name !== text ? search.data : [];
  const help = picked && picked.name === text ? CATALOGUE_MESSAGES.usualValidity(picked.validityMonths) : null;
  return (
    <SuggestionField
      meta={meta}
      bind={bind}
      options={results}
      optionKey={(entry) => entry.id}
      renderOption={(entry) => (
        <>
          <strong>{entry.name}</strong>
          <Issuer>{entry.issuer}</Issuer>
        </>
      )}
      onSelect={(entry) => bind.onPick?.(entry)}
      status={`${results.length} catalogue ${results.length === 1 ? 'entry' : 'entries'} found`}
      testId="catalogue"
      help={help}
    />
  );
}
