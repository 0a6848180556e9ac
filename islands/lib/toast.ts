/**
 * A tiny toast store shared by every island of a page (module state: the islands share this chunk).
 * Constants from the spec: one toast at a time, 5 s on screen, removed 1,000,000 ms after dismissal.
 */
import { PENDING_TOAST_COOKIE } from '../../src/validation/forms';

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
 * A toast a server redirect left for this page (src/http/flash.ts `toastAfterRedirect`: sign-in, sign-up), shown
 * once: the cookie is cleared as it is read. It lives 10 s, so a toast whose next pages had no script (no
 * toaster) never surfaces later on an unrelated page.
 */
export function takePendingToast(): ToastInput | undefined {
  const raw = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${PENDING_TOAST_COOKIE}=`))
    ?.slice(PENDING_TOAST_COOKIE.length + 1);
  if (!raw) return undefined;
  document.cookie = `${PENDING_TOAST_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    const { title, description } = JSON.parse(decodeURIComponent(raw)) as Partial<ToastInput>;
    if (typeof title !== 'string') return undefined;
    return typeof description === 'string' ? { title, description } : { title };
  } catch {
    return undefined;
  }
}
