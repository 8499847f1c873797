/**
 * The leverage the order form opens with on a pair: the one the user last
 * chose there, kept in this browser per pair, else the default. A stored multiple the pair no
 * longer offers is dropped by the form when the pair's settings arrive.
 */
import { readStored, STORAGE_KEYS, writeStored } from '../../state/storage';

/** What the form offers before a choice: 10×, as most exchanges open. */
export const DEFAULT_MULTIPLE = 10;

function readAll(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.futuresLeverage) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The multiple last chosen on `symbol`, or the default. */
export function storedLeverage(symbol: string): number {
  const m = readAll()[symbol];
  return typeof m === 'number' && Number.isInteger(m) && m > 0 ? m : DEFAULT_MULTIPLE;
}

/** Remembers `multiple` as the choice on `symbol`. */
export function storeLeverage(symbol: string, multiple: number): void {
  writeStored(STORAGE_KEYS.futuresLeverage, JSON.stringify({ ...readAll(), [symbol]: multiple }));
}
