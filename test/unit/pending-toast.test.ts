import test from 'ava';
import { PENDING_TOAST_MAX_AGE_MS, takePendingToast, toastAfterNavigation } from '../../islands/lib/toast';

// The browser's sessionStorage, for this process.
const store = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  },
});

test.serial('a toast queued before navigating shows on the next page, once', (t) => {
  toastAfterNavigation({ title: 'Login successful', description: 'Welcome back, Sam!' });
  t.deepEqual(takePendingToast(), { title: 'Login successful', description: 'Welcome back, Sam!' });
  t.is(takePendingToast(), undefined);
});

test.serial('a toast that waited too long (the next pages had no script) is dropped, not shown out of context', (t) => {
  const realNow = Date.now;
  toastAfterNavigation({ title: 'Login successful' });
  Date.now = () => realNow() + PENDING_TOAST_MAX_AGE_MS + 1;
  try {
    t.is(takePendingToast(), undefined);
  } finally {
    Date.now = realNow;
  }
});
