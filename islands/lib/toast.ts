/**
 * A tiny toast store shared by every island of a page (module state: the islands share this chunk).
 * Constants from the spec: one toast at a time, 5 s on screen, removed 1,000,000 ms after dismissal.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const PENDING_KEY = 'turnout:pending-toast';

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<(items: ToastItem[]) => void>();

function emit(): void {
  for (const listener of listeners) listener(toasts);
}

export function subscribe(listener: (items: ToastItem[]) => void): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismiss(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

/**
 * How long a toast waits for the next page. Pages without islands load no script (and no toaster), so a
 * pending toast could otherwise surface minutes later on an unrelated page.
 */
export const PENDING_TOAST_MAX_AGE_MS = 10_000;

/** Shows a toast on the next page: used before a full-page navigation (e.g. after sign-in). */
export function toastAfterNavigation(input: ToastInput): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...input, at: Date.now() }));
  } catch {
    // storage unavailable: the toast is only a courtesy
  }
}

export function takePendingToast(): ToastInput | undefined {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return undefined;
    sessionStorage.removeItem(PENDING_KEY);
    const { at, ...input } = JSON.parse(raw) as ToastInput & { at?: number };
    if (typeof at !== 'number' || Date.now() - at > PENDING_TOAST_MAX_AGE_MS) return undefined;
    return input;
  } catch {
    return undefined;
  }
}
