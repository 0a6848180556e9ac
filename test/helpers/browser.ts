/**
 * Playwright over the system Chromium (never a downloaded browser). Each page records console errors,
 * page errors and React hydration warnings; `assertNoBrowserErrors` fails a test that produced any.
 * Content-Security-Policy violations are console errors too ("Refused to …"), so they fail tests as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface RecordedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

const HYDRATION_PATTERN = /hydrat|did not match|server rendered HTML|Minified React error #4(18|19|23|25)/i;

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {},
): Promise<RecordedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && HYDRATION_PATTERN.test(text))) {
      errors.push(`console.${message.type()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  recordRequests(page);
  return { page, context, errors };
}

/** The page's last requests (method, path, status or failure, time taken), for a failure message. */
const requestLogs = new WeakMap<Page, string[]>();

function recordRequests(page: Page): void {
  const log: string[] = [];
  requestLogs.set(page, log);
  const started = new WeakMap<object, number>();
  const note = (line: string) => {
    log.push(line);
    if (log.length > 20) log.shift();
  };
  const name = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  page.on('request', (request) => started.set(request, Date.now()));
  // The response event carries the status at once: no promise left to reject when the page closes.
  page.on('response', (response) => {
    const request = response.request();
    const took = Date.now() - (started.get(request) ?? Date.now());
    note(`${name(request)} → ${response.status()} (${took} ms)`);
  });
  page.on('requestfailed', (request) => note(`${name(request)} → failed: ${request.failure()?.errorText ?? '?'}`));
}

/**
 * What a test waiting for a request that never came needs to know: which element has the focus (a blur that
 * should have sent it leaves nothing when the field had already lost the focus) and the page's last requests.
 */
export async function whyNoRequest(page: Page): Promise<string> {
  const focused = await page
    .evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'nothing (the page body)';
      const label = active.getAttribute('aria-label') ?? active.getAttribute('name') ?? active.id;
      return `<${active.tagName.toLowerCase()}${label ? ` ${label}` : ''}>`;
    })
    .catch((error: Error) => `unknown (${error.message})`);
  const requests = requestLogs.get(page) ?? [];
  return `focus on ${focused}; last requests: ${requests.length ? requests.join('; ') : 'none'}`;
}

/** Fails the test when the page logged errors; allowed patterns cover expected failures (e.g. a 401 fetch). */
export function assertNoBrowserErrors(t: ExecutionContext, recorded: RecordedPage, allowed: RegExp[] = []): void {
  const unexpected = recorded.errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
  t.deepEqual(unexpected, [], 'browser console errors');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until every island on the page has hydrated. Islands that hydrate when they come into view
 * (`hydrate="visible"`: the editors below the fold) are scrolled to one by one, as a person reading down the
 * page would, and the page is scrolled back to the top afterwards. Islands that hydrate when first touched
 * (`hydrate="interaction"`: the Share panel) are pointed at, as a person reaching for them would.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-island][data-hydrate="interaction"]:not([data-hydrated])')) {
      (el.firstElementChild ?? el).dispatchEvent(new Event('pointerover', { bubbles: true }));
    }
  });
  // The first island still waiting is scrolled to again at every poll, not once: an island above it that hydrates
  // can change the page's height and carry the one just scrolled to out of view before its observer looked, and it
  // would then wait for a scroll that never came (seen once on a busy CI machine, at 375 px). Each island has the
  // page's whole timeout to hydrate.
  const waitingCount = () =>
    page.evaluate(() => document.querySelectorAll('[data-island][data-hydrate="visible"]:not([data-hydrated])').length);
  for (let left = await waitingCount(); left > 0; left = await waitingCount()) {
    await page
      .waitForFunction(
        (before) => {
          const waiting = document.querySelectorAll('[data-island][data-hydrate="visible"]:not([data-hydrated])');
          const first = waiting[0];
          (first?.firstElementChild ?? first)?.scrollIntoView({ block: 'center' });
          return waiting.length < before;
        },
        left,
        { polling: 200 },
      )
      .catch(async (error: Error) => {
        // Name what never hydrated, where it sat and whether it could be seen: a rare CI timeout here said nothing.
        const stuck = await page
          .evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')].map((el) => {
              const target = (el.firstElementChild as HTMLElement | null) ?? el;
              const box = target.getBoundingClientRect();
              const closed = target.closest('details:not([open])') !== null;
              return `${el.dataset.island} (${el.dataset.hydrate ?? 'load'}) at y=${Math.round(box.top)}, ${Math.round(box.width)}×${Math.round(box.height)}${closed ? ', in a closed <details>' : ''}`;
            }),
          )
          .catch(() => ['(the page could not be read)']);
        throw new Error(`${error.message}\nislands not hydrated: ${stuck.join('; ')}`);
      });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => el.dataset.hydrated === 'true'),
  );
}

/** The message beside a labelled field: the `-error` element its aria-describedby points at ('' if none). */
export async function messageFor(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  if (!ids.length) return '';
  return (await page.locator(`[id="${ids[0]}"]`).innerText()).trim();
}

/** Fails the test when the page is wider than the viewport (a horizontal scrollbar): `scrollWidth ≤ innerWidth`. */
export async function assertNoHorizontalOverflow(t: ExecutionContext, page: Page, where: string): Promise<void> {
  // A page just resized (setViewportSize) can be measured before the resize's media queries apply: innerWidth is
  // already the new width while the styles are still the old one's (seen on a busy CI machine, for over a second:
  // a 1280 px header in a 375 px viewport). Capturing a frame makes Chromium run its whole rendering update with the
  // new size, script on or off (a page with script off never runs requestAnimationFrame), so an overflow is measured
  // again after one, up to ten times, before it fails.
  let measured = await measureOverflow(page);
  for (let tries = 0; measured.scrollWidth > measured.innerWidth && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await page.screenshot({ timeout: 10_000 });
    measured = await measureOverflow(page);
  }
  const { scrollWidth, innerWidth, widest } = measured;
  // The page as it failed, for looking at (a failed assertion ends the test before its own screenshot).
  if (scrollWidth > innerWidth) await screenshot(page, `overflow-${where.replace(/[^a-z0-9]+/gi, '-')}`);
  t.true(scrollWidth <= innerWidth, `${where}: ${scrollWidth}px wide in a ${innerWidth}px viewport (${widest})`);
}

function measureOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; widest: string }> {
  // No named functions inside evaluate: the test transpiler wraps them in a helper the page does not have.
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Elements past the edge and not inside a box that scrolls or clips them; the failure message names the first
    // (in document order) and the innermost ones (none of whose children stick out): the culprit is among them.
    const out = [...document.body.querySelectorAll('*')].filter((el) => {
      if (el.getBoundingClientRect().right <= width + 0.5) return false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return false;
      }
      return true;
    });
    const innermost = out.filter((el) => !out.some((other) => other !== el && el.contains(other))).slice(0, 3);
    const named = (out.length ? [out[0]!, ...innermost.filter((el) => el !== out[0])] : []).map((el) => {
      const { left, right } = el.getBoundingClientRect();
      const text = el.children.length ? '' : `, "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      const classes = String(el.getAttribute('class') ?? '').replace(/ /g, '.');
      return `${el.tagName.toLowerCase()}.${classes} (${Math.round(left)}–${Math.round(right)} px${text})`;
    });
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, widest: named.join('; ') };
  });
}
