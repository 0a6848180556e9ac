/**
 * What a person types while the page's scripts load must survive the islands' hydration (islands/client.ts,
 * views/ui/typedBeforeHydration.ts). `typeBeforeHydration` holds every script under /assets, types into a
 * field, checks no island hydrated meanwhile, releases the scripts, waits for hydration, types into the next
 * field — the render that used to put the island's stale value back — and checks the first field still holds
 * what was typed. The caller then checks the island's state agrees (the submit succeeds, the value saved).
 */
import type { ExecutionContext } from 'ava';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { waitForIslands } from './browser';

/** Holds every island script (the runtime and each island's module) until `release()`. */
export async function holdIslandScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Slows the page's CPU through the DevTools protocol (6: a mid-range phone). */
export async function throttleCpu(context: BrowserContext, page: Page, rate: number): Promise<void> {
  if (rate <= 1) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** A control and what to do to it: type text (key by key), tick a box or choose an option. */
export interface Interaction {
  field: (page: Page) => Locator;
  type?: string;
  check?: boolean;
  choose?: string;
}

async function act(page: Page, { field, type, check, choose }: Interaction): Promise<void> {
  const control = field(page);
  if (type !== undefined) {
    await control.click();
    await control.press('ControlOrMeta+a');
    await control.pressSequentially(type);
  } else if (check !== undefined) await control.setChecked(check);
  else if (choose !== undefined) await control.selectOption(choose);
}

/** What the control holds: its text, checked state or chosen value. */
const held = (page: Page, { field, check }: Interaction) =>
  check !== undefined ? field(page).isChecked() : field(page).inputValue();
const expected = ({ type, check, choose }: Interaction): string | boolean => check ?? type ?? choose ?? '';

/**
 * Opens `url` with the scripts held, does `first` (and `prepare` before it, e.g. opening a closed <details>),
 * releases the scripts, waits for every island, does `next`, and asserts `first` still holds its value.
 */
export async function typeBeforeHydration(
  t: ExecutionContext,
  page: Page,
  url: string,
  { first, next, prepare }: { first: Interaction; next?: Interaction; prepare?: (page: Page) => Promise<void> },
): Promise<void> {
  const scripts = await holdIslandScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  await prepare?.(page);
  await first.field(page).waitFor();
  await act(page, first);
  t.is(await page.locator('[data-hydrated]').count(), 0, 'typed before any island hydrated');
  await scripts.release();
  await waitForIslands(page);
  t.is(await held(page, first), expected(first), 'right after hydration');
  if (first.type !== undefined) {
    // The person's place is kept: still in the field, the caret after what they typed.
    const handle = await first.field(page).elementHandle();
    const inPlace = await page
      .waitForFunction(
        (el) => {
          const field = el as HTMLInputElement | HTMLTextAreaElement;
          const caret = field.selectionStart; // null where a type has no selection (e-mail)
          return field === document.activeElement && (caret === null || caret === field.value.length);
        },
        handle,
        { timeout: 5000 },
      )
      .then(() => true)
      .catch(() => false);
    t.true(inPlace, 'focus and caret kept through hydration');
  }
  if (next) {
    await act(page, next);
    t.is(await held(page, next), expected(next), 'the next field');
  }
  t.is(await held(page, first), expected(first), 'after typing into the next field');
}
