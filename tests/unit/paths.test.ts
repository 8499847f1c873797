/**
 * The path helpers of src/paths.ts: every area folder declares its routes to them (so every
 * declared page has a typed path), a path no area declares does not compile, and the helpers build the
 * same addresses the pages always had.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaPrefix, contractPath, HOME_PATH, pagePath, TABS, tradeHubPath } from '../../src/paths';
import { ROUTES } from '../../src/routes';
// The areas this file names declare their pages to src/paths.ts in their routes.ts (outside this
// project's program unless imported): their types are brought in here.
import type {} from '../../src/pages/common/routes';
import type {} from '../../src/pages/copytrade/routes';
import type {} from '../../src/pages/funds/routes';
import type {} from '../../src/pages/futures/routes';
import type {} from '../../src/pages/index/routes';
import type {} from '../../src/pages/loans/routes';
import type {} from '../../src/pages/options/routes';
import type {} from '../../src/pages/otc/routes';
import type {} from '../../src/pages/setting/routes';
import type {} from '../../src/pages/support/routes';

const root = path.resolve(import.meta.dirname, '../..');

describe('typed page paths', () => {
  it('know every area folder that declares routes', () => {
    const folders = readdirSync(path.join(root, 'src/pages'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(path.join(root, 'src/pages', d.name)).includes('routes.ts'))
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThan(15);
    for (const folder of folders) {
      const source = readFileSync(path.join(root, 'src/pages', folder, 'routes.ts'), 'utf8');
      expect(source, folder).toMatch(
        new RegExp(`declare module '\\.\\./\\.\\./paths' \\{\\s*interface DeclaredAreas \\{\\s*${folder}: typeof routes;`),
      );
    }
  });

  it('refuse, at compile time, a page no area declares', () => {
    // @ts-expect-error a typo in the page
    expect(pagePath('fund', 'asets')).toBe('/pages/fund/asets');
    // @ts-expect-error a page of another URL area
    expect(pagePath('transaction', 'assets')).toBe('/pages/transaction/assets');
    // @ts-expect-error an area segment no folder declares
    expect(pagePath('funds', 'assets')).toBe('/pages/funds/assets');
  });

  it('give each declared page its spec address', () => {
    const declared: string[] = ROUTES.map((r) => r.path);
    expect(declared).toContain(pagePath('kefu', 'index'));
    expect(declared).toContain(pagePath('common', 'borrowing'));
    expect(declared).toContain(pagePath('follow', 'agreement_zh'));
    expect(declared).toContain(pagePath('transaction', 'seconds_order'));
    for (const tab of TABS) expect(declared).toContain(tab.path);
    expect(HOME_PATH).toBe('/pages/index/index');
    expect(areaPrefix('transaction')).toBe('/pages/transaction/');
  });

  it('append the query in order, encoded, leaving out what is undefined', () => {
    expect(pagePath('fund', 'fundTransfer', { currency: 3, from: 'change' })).toBe('/pages/fund/fundTransfer?currency=3&from=change');
    expect(pagePath('setting', 'addWallet', { currency: 'USDT/TRC20' })).toBe('/pages/setting/addWallet?currency=USDT%2FTRC20');
    expect(pagePath('common', 'webView', { page: 'download' })).toBe('/pages/common/webView?page=download');
    expect(pagePath('otc', 'otc', { side: undefined })).toBe('/pages/otc/otc');
    expect(contractPath('BTC/USDT')).toBe('/pages/transaction/contract?symbol=BTC%2FUSDT');
    expect(tradeHubPath('futures')).toBe('/pages/transaction/index?tab=futures');
    expect(tradeHubPath('coins', 'defi')).toBe('/pages/transaction/index?tab=coins&category=defi');
  });
});
