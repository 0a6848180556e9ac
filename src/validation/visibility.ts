/** Per-item visibility (spec 02 §3 "Visibility values"); every item carries one, default public. */
export const VISIBILITIES = ['public', 'authenticated', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'public';
