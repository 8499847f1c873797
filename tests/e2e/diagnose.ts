/**
 * What a failed browser test leaves behind for whoever reads the CI log: for every page still open
 * in the test file, its address, the start of its visible text and the last console errors, printed
 * to stderr, and a screenshot in test-results/screens/failed-*.png. A busy CI machine fails in ways
 * a quiet one does not reproduce; this is the evidence. Registered for the e2e project in
 * vitest.config.ts (`setupFiles`); `phone()` in browser.ts records the pages.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach } from 'vitest';

/** Console errors and page errors kept per page (the last few are what explain a failure). */
const KEPT = 20;
const pages = new Map<Page, string[]>();

/** Starts keeping `page`'s errors; called by `phone()` for every page a test opens. */
export function watchPage(page: Page): void {
  const errors: string[] = [];
  pages.set(page, errors);
  const keep = (line: string) => {
    errors.push(line);
    if (errors.length > KEPT) errors.shift();
  };
  page.on('console', (m) => {
    // The blocked service worker (browser.ts) warns on every page: not news.
    if ((m.type() === 'error' || m.type() === 'warning') && !/service worker/i.test(m.text())) keep(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => keep(`page error: ${e.message}`));
  page.on('requestfailed', (r) => keep(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  // How the page got where it is: every address its main frame committed.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) keep(`navigated: ${frame.url()}`);
  });
  page.on('close', () => pages.delete(page));
}

async function describePage(page: Page, errors: string[], name: string): Promise<string> {
  const lines = [`page ${page.url()}`];
  try {
    const text = await page.locator('body').innerText({ timeout: 5_000 });
    lines.push(`  text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`);
    const dir = path.resolve(__dirname, '../../test-results/screens');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), timeout: 5_000 });
  } catch (error) {
    lines.push(`  (could not read the page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  for (const e of errors) lines.push(`  ${e}`);
  return lines.join('\n');
}

beforeEach((context) => {
  context.onTestFailed(async () => {
    const name = `failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
    const reports = await Promise.all([...pages].map(([page, errors], i) => describePage(page, errors, `${name}-${i}`)));
    if (reports.length) console.error(`\n[diagnose] ${context.task.name}\n${reports.join('\n')}\n`);
  });
});
