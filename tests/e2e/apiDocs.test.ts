/**
 * The API reference page (/api/docs, server/openapi) renders the generated document in a phone
 * browser under its own content security policy: every area's endpoints listed, one opened with
 * its parameters, and nothing refused by the policy.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { base } from './helpers';

describe('the API reference page', () => {
  let browser: Browser;
  let page: Page;
  const refused: string[] = [];
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
  });
  afterAll(() => browser?.close());

  it('lists the areas, opens an endpoint with its rules, and the policy refuses nothing', async () => {
    await page.goto(`${base}/api/docs/`);
    await expect.poll(() => page.locator('.opblock-tag-section').count()).toBeGreaterThan(25);
    await expect.poll(() => page.locator('.info .title').textContent()).toContain('Kestrel API');
    await page.locator('#operations-tag-futures').click();
    await page.locator('#operations-futures-leverSubmit').locator('.opblock-summary-control').click();
    await expect.poll(() => page.locator('#operations-futures-leverSubmit').textContent()).toContain('Idempotency-Key');
    await shot(page, 'api-docs');
    expect(refused).toEqual([]);
  });
});
