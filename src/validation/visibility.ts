/** Per-item visibility (spec 02 §3 "Visibility values"); every item carries one, default public. */
export const VISIBILITIES = ['public', 'authenticated', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'public';

/** Who sees it, in the editors' words. */
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Everyone',
  authenticated: 'Signed-in firefighters',
  private: 'Only me',
};

/** The visibility choices as a select's options. */
export const VISIBILITY_OPTIONS = VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }));
