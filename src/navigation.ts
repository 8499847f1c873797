/**
 * Navigation from outside React (the API client's redirects). The router registers itself
 * here once; until then calls are ignored.
 */
type Navigate = (path: string) => void;

let navigate: Navigate | null = null;

export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(path: string): void {
  navigate?.(path);
}
