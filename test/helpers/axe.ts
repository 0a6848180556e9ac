/**
 * axe-core on a page, in a context of its own that lets the test add axe's script past the page's CSP: the
 * serious and critical violations, as "impact: rule (first target)".
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
}

export async function seriousViolations(
  browser: Browser,
  url: string,
  options: { width: number; headers?: Record<string, string>; before?: (page: Page) => Promise<void> },
): Promise<string[]> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: options.width, height: 900 },
    extraHTTPHeaders: options.headers ?? {},
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await options.before?.(page);
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<AxeResult> } }).axe;
      return (await axe.run()).violations.map((v) => ({ ...v, target: v.nodes[0]?.target.join(' ') ?? '' }));
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact}: ${v.id} (${v.target})`);
  } finally {
    await context.close();
  }
}
