/**
 * A browser test file's set-up, in one place: the app on a fresh test database and the system Chromium, started
 * before the file's tests and both closed after them, whatever happened.
 *
 *   const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
 *   test.before(async () => { owner = await createUser(); }); // runs once the app is up
 *
 * The hooks are serial, so the order of declaration is the order of running: the file's own `before` hooks declared
 * after this call run once the app and browser are up, and its `after.always` hooks declared after it run once both
 * are closed (those declared before it run first: e.g. a second app on the same database, closed before this one).
 * `options` may be a function, for what must exist before the app starts (a mail server, a media folder).
 */
import type { TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './app';
import { launchBrowser } from './browser';

type StartOptions = Parameters<typeof startTestApp>[0];
type ExtraDeps = Parameters<typeof startTestApp>[2];

export interface BrowserApp {
  /** The running app; throws when called before the set-up ran (at the top level of a test file). */
  app(): TestApp;
  browser(): Browser;
}

export function useBrowserApp<Context>(
  test: TestFn<Context>,
  options: StartOptions | (() => Promise<StartOptions>) = {},
  /** Dependencies the app takes instead of making its own (a test clock). */
  extra?: ExtraDeps,
): BrowserApp {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  test.serial.before(async () => {
    app = await startTestApp(typeof options === 'function' ? await options() : options, undefined, extra);
    browser = await launchBrowser();
  });
  test.serial.after.always(async () => {
    await browser?.close();
    await app?.close();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useBrowserApp: the ${name} is not started yet (call it inside a test)`);
    return value;
  };
  return { app: () => started(app, 'app'), browser: () => started(browser, 'browser') };
}
