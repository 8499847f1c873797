/**
 * Paths the app navigates to, checked against the pages the areas declare: `pagePath('fund',
 * 'receive', { currency: 'USDT' })` compiles only if an area declares `receive` at the `fund` URL
 * segment. The areas declare their pages to it by type only, so this module loads no page and
 * stays a leaf any page or shared piece may use.
 */
import type { AreaRoutes } from './routing';

/**
 * Every area's routes, by folder: each `src/pages/<area>/routes.ts` adds its own entry (a module
 * augmentation of this interface), so this module names no page and adding an area edits nothing here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' augmentations
export interface DeclaredAreas {}

/** One area's routes, or each of them when its folder declares several. */
type Each<T> = T extends readonly AreaRoutes[] ? T[number] : T;
type DeclaredRoute = Each<DeclaredAreas[keyof DeclaredAreas]>['routes'][number];

/** An area segment of the URLs (`fund` in `/pages/fund/assets`). */
export type UrlArea = DeclaredRoute['area'];
/** The pages declared at one URL area segment. */
export type PageOf<A extends UrlArea> = Extract<DeclaredRoute, { area: A }>['page'];
/** A declared page's path, without its query: `/pages/<area>/<page>`. */
export type PagePath = DeclaredRoute['path'];

/** A query's values; `undefined` leaves the parameter out. */
export type PageQuery = Record<string, string | number | undefined>;

/**
 * The path of a declared page, with its query in the order given; each value is URI-encoded
 * (`?symbol=BTC%2FUSDT`), as the pages read them back with `URLSearchParams`.
 */
export function pagePath<A extends UrlArea, P extends PageOf<A>>(area: A, page: P): `/pages/${A}/${P}`;
export function pagePath<A extends UrlArea>(area: A, page: PageOf<A>, query: PageQuery): string;
export function pagePath(area: UrlArea, page: string, query?: PageQuery): string {
  const path = `/pages/${area}/${page}`;
  const pairs = Object.entries(query ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
  return pairs.length ? `${path}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : path;
}

/** What every page's path starts with (an address from outside the app is checked against it). */
export const PAGES_PREFIX = '/pages/';

/** The start of every path of one URL area segment: `/pages/<area>/`. */
export function areaPrefix(area: UrlArea): string {
  return `${PAGES_PREFIX}${area}/`;
}

/** The home page (`index/index`), where `/` and "back" with no history land. */
export const HOME_PATH = pagePath('index', 'index');

/** The trading screen of a pair: where tapping a pair anywhere leads. */
export function contractPath(symbol: string): string {
  return pagePath('transaction', 'contract', { symbol });
}

/** The trade hub on one of its tabs (`favorites`, `futures`, `coins`, `options`), optionally filtered to a market category. */
export function tradeHubPath(tab: string, category?: string): string {
  return pagePath('transaction', 'index', { tab, category: category || undefined });
}

/** The spot (coins) trading screen of a pair. */
export function spotPath(symbol: string): string {
  return pagePath('transaction', 'currency', { symbol });
}

/** The seconds options screen of a pair. */
export function optionsPath(symbol: string): string {
  return pagePath('transaction', 'index2', { symbol });
}

/** The bottom tab bar, in the spec's order. */
export const TABS = [
  { key: 'home', path: HOME_PATH },
  { key: 'market', path: pagePath('market', 'market') },
  { key: 'trade', path: pagePath('transaction', 'index') },
  { key: 'finance', path: pagePath('financial', 'index') },
  { key: 'assets', path: pagePath('fund', 'assets') },
] as const;
export type TabKey = (typeof TABS)[number]['key'];
