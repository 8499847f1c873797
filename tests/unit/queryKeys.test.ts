import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contract } from '../../domain/api/contract';
import {
  ALL_GROUPS,
  invalidateGroups,
  isPrivateKey,
  pathOfKey,
  pathsOfGroups,
  QUERY_GROUPS,
  queryKeys,
  RECORDS_PAGE_SIZE,
} from '../../src/api/queryKeys';

/** A client holding one answer under each key, none of them stale. */
function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const key of keys) client.setQueryData(key, { held: true });
  return client;
}

function invalidated(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => hashKey(q.queryKey))
    .sort();
}

describe('query keys', () => {
  it('are the contract path and the input, `{}` when there is none', () => {
    expect(queryKeys.call('/wallet/list')).toEqual(['/wallet/list', {}]);
    expect(queryKeys.call('/wallet/detail', { currency: '3', type: 'change' })).toEqual([
      '/wallet/detail',
      { currency: '3', type: 'change' },
    ]);
    expect(queryKeys.path('/wallet/detail')).toEqual(['/wallet/detail']);
  });

  it('hash the same whatever the order of the input fields, and apart for another input', () => {
    const a = queryKeys.call('/wallet/detail', { currency: '3', type: 'change' });
    const b = queryKeys.call('/wallet/detail', { type: 'change', currency: '3' });
    expect(hashKey(a)).toBe(hashKey(b));
    expect(hashKey(a)).not.toBe(hashKey(queryKeys.call('/wallet/detail', { currency: '1', type: 'change' })));
    expect(hashKey(queryKeys.call('/faq'))).toBe(hashKey(queryKeys.call('/faq', {})));
  });

  it('keep the pages of a list apart from a single answer of the same path', () => {
    const pages = queryKeys.pages('/user/wallet/list', {}, 10);
    expect(pages).toEqual(['/user/wallet/list', {}, { pageSize: 10 }]);
    expect(queryKeys.pages('/wallet/bills', { kind: 'deposit' })[2]).toEqual({ pageSize: RECORDS_PAGE_SIZE });
    expect(hashKey(pages)).not.toBe(hashKey(queryKeys.call('/user/wallet/list', {})));
  });

  it('are typed by the contract: an unknown path or a wrong input does not compile', () => {
    // @ts-expect-error: no such endpoint
    queryKeys.call('/wallet/nope');
    // @ts-expect-error: `/wallet/detail` takes no field `coin`
    queryKeys.call('/wallet/detail', { coin: 'BTC' });
    // @ts-expect-error: `/faq` answers no page
    queryKeys.pages('/faq', {});
  });

  it('name their path, and whether the answer is one user’s', () => {
    expect(pathOfKey(queryKeys.call('/wallet/list'))).toBe('/wallet/list');
    expect(pathOfKey(['somewhere'])).toBeUndefined();
    expect(pathOfKey(['toString'])).toBeUndefined();
    expect(pathOfKey([42])).toBeUndefined();
    expect(isPrivateKey(queryKeys.call('/wallet/list'))).toBe(true);
    expect(isPrivateKey(queryKeys.pages('/recharge/log', {}))).toBe(true);
    expect(isPrivateKey(queryKeys.call('/faq'))).toBe(false);
    expect(isPrivateKey(queryKeys.call('/currency/list'))).toBe(false);
    expect(isPrivateKey(['somewhere'])).toBe(false);
  });
});

describe('query groups', () => {
  it('name only endpoints of the contract, each group at least one', () => {
    for (const group of ALL_GROUPS) {
      expect(QUERY_GROUPS[group].length, group).toBeGreaterThan(0);
      for (const path of QUERY_GROUPS[group]) expect(Object.hasOwn(contract, path), path).toBe(true);
    }
  });

  it('join their paths once', () => {
    expect([...pathsOfGroups(['identity', 'balances'])].filter((p) => p === '/wallet/get_info')).toHaveLength(1);
  });

  it('invalidate every answer of their paths, single or paged, and nothing else', async () => {
    const client = clientWith([
      queryKeys.call('/wallet/list'),
      queryKeys.call('/wallet/detail', { currency: '3', type: 'change' }),
      queryKeys.call('/wallet/detail', { currency: '1', type: 'lever' }),
      queryKeys.pages('/wallet/bills', {}),
      queryKeys.pages('/wallet/hzhistory', {}),
      queryKeys.call('/faq'),
      ['not-the-api'],
    ]);
    await invalidateGroups(client, ['balances']);
    expect(invalidated(client)).toEqual(
      [
        queryKeys.call('/wallet/list'),
        queryKeys.call('/wallet/detail', { currency: '3', type: 'change' }),
        queryKeys.call('/wallet/detail', { currency: '1', type: 'lever' }),
        queryKeys.pages('/wallet/bills', {}),
      ]
        .map((k) => hashKey(k))
        .sort(),
    );
  });

  it('invalidate nothing for no group', async () => {
    const client = clientWith([queryKeys.call('/wallet/list')]);
    await invalidateGroups(client, []);
    expect(invalidated(client)).toEqual([]);
  });
});
