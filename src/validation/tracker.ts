/**
 * The tracker page (docs/decisions/hiring-tracker.md): the owner's hiring tracker entries with their windows, and
 * the lateral view of their verified service. JSON shapes shared by the presenter and the view.
 */
import type { LateralView } from './lateral';

/** A window is "expiring" this many days before its last day (the reminders' first default). */
export const TRACKER_EXPIRING_DAYS = 60;

export type WindowState = 'current' | 'expiring' | 'expired' | 'open';

export const WINDOW_LABELS: Record<WindowState, string> = {
  current: 'Current',
  expiring: 'Expiring',
  expired: 'Expired',
  open: 'No window',
};

export interface TrackerEntryJson {
  id: number;
  test: string;
  department: string | null;
  /** YYYY-MM-DD */
  takenOn: string;
  /** YYYY-MM-DD: the last day it holds; null when no window is stated or usual. */
  validThrough: string | null;
  /** Where the window comes from: the department's stated date, or the usual one ("12 months"). */
  validitySource: string | null;
  daysLeft: number | null;
  state: WindowState;
  rank: number | null;
}

export interface TrackerJson {
  profileId: number;
  name: string;
  entries: TrackerEntryJson[];
  lateral: LateralView;
  /** Where the entries are edited: the profile's tracker section in edit mode. */
  editHref: string;
}
