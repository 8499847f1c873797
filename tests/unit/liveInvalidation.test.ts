import { hashKey, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../domain/notifications/types';
import { PRIVATE_KINDS, type UserMessage } from '../../domain/protocol';
import { NOTIFICATION_KINDS } from '../../server/notifications/Notifications';
import {
  applyUserMessage,
  dropPrivateQueries,
  LIVE_INVALIDATIONS,
  NOTIFICATION_GROUPS,
  relocalise,
  staleGroups,
  startLiveInvalidation,
} from '../../src/api/liveInvalidation';
import { ALL_GROUPS, queryKeys } from '../../src/api/queryKeys';
import { applySnapshot } from '../../src/state/snapshot';
import { sessionState } from '../../src/state/session';

function notification(kind: string, id = 1, read = false): UserMessage {
  const item: NotificationItem = { id, kind, params: {}, created_at: 0, read };
  return { topic: 'user', kind: 'notifications', seq: id, data: { unread: read ? 0 : 1, changed: [item] } };
}

function sorted(groups: readonly string[]): string[] {
  return [...groups].sort();
}

const KEYS = {
  wallet: queryKeys.call('/wallet/list'),
  detail: queryKeys.call('/wallet/detail', { currency: '3', type: 'change' }),
  deposits: queryKeys.pages('/recharge/log', {}),
  withdrawals: queryKeys.pages('/user/withdraw/list', {}),
  notifications: queryKeys.pages('/user/notifications', {}, 10),
  addresses: queryKeys.pages('/user/wallet/list', {}, 10),
  faq: queryKeys.call('/faq'),
  coins: queryKeys.call('/currency/list'),
};

function seeded(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, { held: true });
  return client;
}

function invalidated(client: QueryClient): string[] {
  const names = new Map(Object.entries(KEYS).map(([name, key]) => [hashKey(key), name]));
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => names.get(q.queryHash) ?? q.queryHash)
    .sort();
}

function cached(client: QueryClient): string[] {
  const names = new Map(Object.entries(KEYS).map(([name, key]) => [hashKey(key), name]));
  return client
    .getQueryCache()
    .getAll()
    .map((q) => names.get(q.queryHash) ?? q.queryHash)
    .sort();
}

describe('the private-channel invalidation map', () => {
  it('maps every notification kind the server sends', () => {
    for (const kind of NOTIFICATION_KINDS) expect(Object.hasOwn(NOTIFICATION_GROUPS, kind), kind).toBe(true);
  });

  it('makes a decided deposit or withdrawal stale in the wallet, its records and the notifications', () => {
    expect(sorted(staleGroups(notification('depositApproved')))).toEqual(['balances', 'deposits', 'notifications']);
    expect(sorted(staleGroups(notification('depositRejected')))).toEqual(['deposits', 'notifications']);
    expect(sorted(staleGroups(notification('withdrawalCompleted')))).toEqual(['balances', 'notifications', 'withdrawals']);
    expect(sorted(staleGroups(notification('withdrawalRejected')))).toEqual(['balances', 'notifications', 'withdrawals']);
    expect(sorted(staleGroups(notification('credited')))).toEqual(['balances', 'notifications']);
    expect(sorted(staleGroups(notification('identityApproved')))).toEqual(['identity', 'notifications']);
    expect(sorted(staleGroups(notification('payPasswordSet')))).toEqual(['notifications']);
  });

  it('makes everything stale for a notification kind it does not know', () => {
    expect(sorted(staleGroups(notification('somethingNew')))).toEqual(sorted(ALL_GROUPS));
  });

  it('makes only the list stale when a notification is marked read', () => {
    expect(staleGroups(notification('depositApproved', 3, true))).toEqual(['notifications']);
  });

  it('maps every private kind', () => {
    expect(staleGroups({ kind: 'balances', data: [] })).toEqual([
      'balances',
      'lockming',
      'ieo',
      'invest',
      'financial',
      'copytrade',
      'nft',
      'loans',
      'rewards',
    ]);
    expect(staleGroups({ kind: 'orders', data: [] })).toEqual(['balances']);
    expect(staleGroups({ kind: 'positions', data: [] })).toEqual(['balances']);
    expect(staleGroups({ kind: 'session', data: { event: 'revoked' } })).toEqual([]);
  });

  it("makes each trading product's own lists stale with the balances", () => {
    const item = (product: string) => ({ id: 1, product, symbol: 'BTC/USDT', open: true, updated_at: 0 });
    expect(sorted(staleGroups({ kind: 'orders', data: [item('spot')] }))).toEqual(['balances', 'spot']);
    expect(sorted(staleGroups({ kind: 'orders', data: [item('futures'), item('spot')] }))).toEqual(['balances', 'futures', 'spot']);
    expect(sorted(staleGroups({ kind: 'positions', data: [item('options')] }))).toEqual(['balances', 'options']);
    expect(staleGroups({ kind: 'positions', data: [item('toString')] })).toEqual(['balances']);
  });

  it('ignores kinds it does not map, own properties only', () => {
    for (const kind of ['quotes', 'toString', '__proto__', 'constructor']) expect(staleGroups({ kind, data: {} }), kind).toEqual([]);
    expect(Object.keys(LIVE_INVALIDATIONS).sort()).toEqual([...PRIVATE_KINDS].sort());
  });

  it('invalidates the cached answers a message makes stale, and no others', async () => {
    const client = seeded();
    await applyUserMessage(client, notification('depositApproved'));
    expect(invalidated(client)).toEqual(['deposits', 'detail', 'notifications', 'wallet']);

    const other = seeded();
    await applyUserMessage(other, notification('withdrawalRejected'));
    expect(invalidated(other)).toEqual(['detail', 'notifications', 'wallet', 'withdrawals']);

    const quiet = seeded();
    await applyUserMessage(quiet, { kind: 'session', data: { event: 'revoked' } });
    expect(invalidated(quiet)).toEqual([]);
  });
});

describe('session and language changes', () => {
  it('drop the previous user’s answers and keep public content', () => {
    const client = seeded();
    dropPrivateQueries(client);
    expect(cached(client)).toEqual(['coins', 'faq']);
  });

  it('refetch the answers on screen in the new language and drop the others', async () => {
    const client = seeded();
    const fetchFaq = vi.fn(async () => ({ held: 'again' }));
    const observer = new QueryObserver(client, { queryKey: KEYS.faq, queryFn: fetchFaq, staleTime: Infinity });
    const stop = observer.subscribe(() => undefined);
    try {
      expect(fetchFaq).not.toHaveBeenCalled();
      relocalise(client);
      expect(cached(client)).toEqual(['faq']);
      await vi.waitFor(() => expect(fetchFaq).toHaveBeenCalledTimes(1));
    } finally {
      stop();
    }
  });
});

describe('startLiveInvalidation', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    sessionState.token = null;
  });

  it('invalidates from the worker’s private messages and drops private answers when the token changes', async () => {
    const client = seeded();
    stop = startLiveInvalidation(client);
    applySnapshot({ user: [notification('credited', 7)] });
    await vi.waitFor(() => expect(invalidated(client)).toEqual(['detail', 'notifications', 'wallet']));

    sessionState.token = 'another-user';
    await vi.waitFor(() => expect(cached(client)).toEqual(['coins', 'faq']));
  });

  it('stops listening when stopped', async () => {
    const client = seeded();
    startLiveInvalidation(client)();
    applySnapshot({ user: [notification('credited', 8)] });
    sessionState.token = 'someone';
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(invalidated(client)).toEqual([]);
    expect(cached(client)).toHaveLength(Object.keys(KEYS).length);
  });
});
