import { proxy } from 'valtio';
import type { UserInfo } from '../../domain/profile/types';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** The signed-in user: the token in storage, the profile once fetched. */
export const sessionState = proxy({
  token: readStored(STORAGE_KEYS.token),
  user: null as UserInfo | null,
});

export function setToken(token: string | null): void {
  sessionState.token = token;
  writeStored(STORAGE_KEYS.token, token);
  if (!token) sessionState.user = null;
}

export function isLoggedIn(): boolean {
  return Boolean(sessionState.token);
}
