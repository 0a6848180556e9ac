/** The credential catalogue (docs/decisions/credential-catalogue.md) as the list editors call it, and its react-query key. */
import { CATALOGUE_URL, type CatalogueEntryJson } from '../../src/validation/catalogue';
import { api } from './api';

export const catalogueKey = (query: string) => [CATALOGUE_URL, query] as const;

export const catalogueApi = {
  search: (query: string) => api.get<CatalogueEntryJson[]>(`${CATALOGUE_URL}?q=${encodeURIComponent(query)}`),
};
