/** "View as" (docs/decisions/view-as.md): the viewers an owner may see their profile as (`?as=`), and the header's link labels. */
export const VIEW_AS = ['visitor', 'member'] as const;
export type ViewAs = (typeof VIEW_AS)[number];

export const VIEW_AS_LABELS: Record<ViewAs, string> = { visitor: 'View as visitor', member: 'View as member' };
