/**
 * The market search's recent queries, kept on this device (local storage): the last
 * `RECENT_MAX`, newest first, each once (case-insensitive). A query is kept when a result of it
 * is opened.
 */
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../state/storage';

export const RECENT_MAX = 10;

const listeners = new Set<() => void>();
let cache: readonly string[] | null = null;

function read(): readonly string[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.recentSearches) ?? '[]');
    cache = Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(list: readonly string[]): void {
  cache = list;
  writeStored(STORAGE_KEYS.recentSearches, list.length ? JSON.stringify(list) : null);
  listeners.forEach((l) => l());
}

export function rememberSearch(query: string): void {
  const q = query.trim();
  if (!q) return;
  write([q, ...read().filter((s) => s.toUpperCase() !== q.toUpperCase())].slice(0, RECENT_MAX));
}

export function clearRecentSearches(): void {
  write([]);
}

export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), read, read);
}
