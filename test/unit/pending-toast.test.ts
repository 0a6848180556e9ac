import test from 'ava';
import { takePendingToast } from '../../islands/lib/toast';
import { PENDING_TOAST_COOKIE } from '../../src/validation/forms';

// The browser's cookie jar for this page, as document.cookie reads and writes it.
const jar = new Map<string, string>();
Object.assign(globalThis, {
  document: {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attributes] = line.split('; ');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  },
});

test.serial('a toast a server redirect left shows on the next page, once', (t) => {
  jar.set('session', 'abc');
  jar.set(
    PENDING_TOAST_COOKIE,
    encodeURIComponent(JSON.stringify({ title: 'Login successful', description: 'Welcome back, Sam!' })),
  );
  t.deepEqual(takePendingToast(), { title: 'Login successful', description: 'Welcome back, Sam!' });
  t.is(takePendingToast(), undefined);
  t.is(jar.get('session'), 'abc', 'other cookies are left alone');
});

test.serial('a cookie that is not a toast shows nothing and is cleared', (t) => {
  jar.set(PENDING_TOAST_COOKIE, 'not%20json');
  t.is(takePendingToast(), undefined);
  t.false(jar.has(PENDING_TOAST_COOKIE));
});
