/**
 * The user's favourite pairs, kept on this device (local storage) until the server offers an
 * optional-list API (`/optional/list` is not in the contract yet). Shared by the hub and the pair screen.
 */
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../state/storage';

const listeners = new Set<() => void>();
let cache: readonly string[] | null = null;

function read(): readonly string[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.favorites) ?? '[]');
    cache = Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    cache = [];
  }
  return cache;
}

export function toggleFavorite(symbol: string): void {
  const list = read();
  cache = list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol];
  writeStored(STORAGE_KEYS.favorites, JSON.stringify(cache));
  listeners.forEach((l) => l());
}

export function useFavorites(): readonly string[] {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), read, read);
}
