/**
 * The guided start (docs/decisions/guided-start.md): the checklist a new profile shows its owner instead of empty
 * sections — its steps, in order, and what each is called. Pure data (the view and the presenter share it).
 */
export const GUIDED_START_STEPS = ['photo', 'statement', 'timeline', 'certification', 'live'] as const;
export type GuidedStartStep = (typeof GUIDED_START_STEPS)[number];

export const GUIDED_START_MESSAGES = {
  title: 'Get your profile ready',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  dismiss: 'Hide this checklist',
  steps: {
    photo: 'Add a profile photo',
    statement: 'Write your personal statement',
    timeline: 'Add your first career milestone',
    certification: 'Add your first certification',
    live: 'Go live: make your profile public',
  } satisfies Record<GuidedStartStep, string>,
  goLive: 'Go live',
  doneWord: 'Done',
  todoWord: 'To do',
} as const;

export interface GuidedStartJson {
  profileId: number;
  steps: Array<{ key: GuidedStartStep; done: boolean }>;
}
