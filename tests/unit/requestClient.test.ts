/**
 * The /api client's failures as the user reads them: a money call whose connection dropped says it
 * may have gone through and that sending it again cannot do it twice; other calls say "network
 * error". A toast stays long enough to read it.
 */
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en/common.json';
import { ApiError, call } from '../../src/api/request';
import { ROUTES } from '../../src/api/routes';
import { TOAST_MS, toastMs, uiState } from '../../src/state/ui';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { common } }, ns: ['common'], defaultNS: 'common', nsSeparator: '.' });
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterAll(() => vi.unstubAllGlobals());

async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a call whose connection drops', () => {
  it('is a money call that may have gone through: the toast says so, and that a retry cannot repeat it', async () => {
    expect(ROUTES['/lh/deposit'].idempotent).toBe(true);
    const error = await failure(() => call('/lh/deposit', { config_id: '1', amount: '100' }));
    expect(error.type).toBe('network');
    expect(error.message).toBe(common.networkErrorMaybeDone);
    expect(uiState.toast?.text).toBe(common.networkErrorMaybeDone);
  });

  it('is any other call: a plain network error', async () => {
    expect(ROUTES['/user/login'].idempotent).toBeFalsy();
    const error = await failure(() => call('/user/login', { user_string: 'a@example.com', password: 'x' }));
    expect(error.type).toBe('network');
    expect(error.message).toBe(common.networkError);
  });
});

describe('how long a toast stays', () => {
  it('is 1.5 s for a short message, longer for a long one, never over 6 s', () => {
    expect(toastMs('Copied')).toBe(TOAST_MS);
    expect(toastMs('x'.repeat(30))).toBe(TOAST_MS);
    expect(toastMs(common.networkError)).toBeGreaterThan(TOAST_MS);
    expect(toastMs(common.networkErrorMaybeDone)).toBeGreaterThan(toastMs(common.networkError));
    expect(toastMs('x'.repeat(1000))).toBe(6000);
  });
});
