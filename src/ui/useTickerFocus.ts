import { useEffect } from 'react';
import { getWorker } from '../worker-client';

/** How many mounted components show each symbol's ticker. */
const shown = new Map<string, number>();
let pending = false;

/** Sends the worker the symbols on screen, once per burst of mounts and unmounts (a fling mounts dozens of rows). */
function send(): void {
  if (pending) return;
  pending = true;
  setTimeout(() => {
    pending = false;
    void getWorker().market.setFocus([...shown.keys()]);
  }, 0);
}

/**
 * Marks `symbol`'s ticker as shown while the component is mounted: the worker builds the views
 * of shown tickers in every snapshot and any other's about once a second, so a market of
 * thousands of pairs costs what the screen shows (worker `MarketSlice.setFocus`, bench/ ingest).
 * Every component that displays a live ticker calls it; one that does not still gets the
 * ticker, a second late at most.
 */
export function useTickerFocus(symbol: string | undefined): void {
  useEffect(() => {
    if (!symbol) return;
    const n = shown.get(symbol) ?? 0;
    shown.set(symbol, n + 1);
    if (n === 0) send();
    return () => {
      const left = (shown.get(symbol) ?? 1) - 1;
      if (left > 0) shown.set(symbol, left);
      else {
        shown.delete(symbol);
        send();
      }
    };
  }, [symbol]);
}
