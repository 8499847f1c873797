import { readStored, STORAGE_KEYS, writeStored } from './storage';

let cached: string | null = null;

/**
 * This browser's device id: 128 random bits made on first use and kept in local storage. Sent
 * with sign-ins (`X-Device-Id`) so the server can tell a new device from a known one; it names
 * nothing about the device itself.
 */
export function deviceId(): string {
  if (cached) return cached;
  const stored = readStored(STORAGE_KEYS.deviceId);
  if (stored && /^[\w-]{8,64}$/.test(stored)) return (cached = stored);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  cached = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeStored(STORAGE_KEYS.deviceId, cached);
  return cached;
}
