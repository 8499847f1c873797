/**
 * Keeps cached server state true without polling: private-channel messages invalidate the
 * queries they make stale (those on screen refetch at once), a new session drops the previous
 * user's answers, and a new language refetches the localised ones.
 */
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { subscribe } from 'valtio';
import type { NotificationsChange, PrivatePayloads } from '../../domain/protocol';
import { onUserMessage } from '../state/market';
import { sessionState } from '../state/session';
import { ALL_GROUPS, invalidateGroups, isPrivateKey, type QueryGroup } from './queryKeys';

/** What one message of a kind makes stale. */
type Rule<D> = (data: D) => readonly QueryGroup[];

/** Notification kinds (server/notifications) and the queries each decision changes. */
export const NOTIFICATION_GROUPS: Record<string, readonly QueryGroup[]> = {
  depositApproved: ['balances', 'deposits'],
  depositRejected: ['deposits'],
  withdrawalCompleted: ['balances', 'withdrawals'],
  withdrawalRejected: ['balances', 'withdrawals'],
  credited: ['balances'],
  identityApproved: ['identity'],
  identityRejected: ['identity'],
  passwordChanged: ['sessions'],
  payPasswordSet: [],
  traderApproved: ['copytrade'],
  traderRejected: ['copytrade'],
  copySkipped: ['copytrade'],
  copyStopped: ['balances', 'copytrade'],
  nftOutbid: ['nft'],
  nftWon: ['balances', 'nft'],
  nftLost: ['balances', 'nft'],
  nftSold: ['balances', 'nft'],
  nftBought: ['balances', 'nft'],
  nftForfeited: ['balances', 'nft'],
  nftDefaulted: ['balances', 'nft'],
  nftUnsold: ['nft'],
  otcReleased: ['balances', 'otc'],
  otcSold: ['balances', 'otc'],
  otcCancelled: ['balances', 'otc'],
  otcExpired: ['otc'],
  loanMarginCall: ['loans'],
  loanLiquidated: ['balances', 'loans'],
  loanRepaid: ['balances', 'loans'],
  rewardsCouponGranted: ['rewards'],
  rewardsDepositBonus: ['balances', 'rewards'],
  alertAbove: ['alerts'],
  alertBelow: ['alerts'],
  alertChange: ['alerts'],
  newDeviceLogin: ['sessions'],
  loginLocked: [],
};

/** A notification kind's groups: what its decision changed (everything, for a kind not known here). */
function kindGroups(kind: string): readonly QueryGroup[] {
  return Object.hasOwn(NOTIFICATION_GROUPS, kind) ? NOTIFICATION_GROUPS[kind]! : ALL_GROUPS;
}

/**
 * A change to the notifications: the list always, and for each new one (`read: false`) what its
 * kind says changed; a notification only marked read changes nothing else.
 */
function notificationGroups(change: NotificationsChange): readonly QueryGroup[] {
  const groups = new Set<QueryGroup>(['notifications']);
  for (const item of change.changed) if (!item.read) for (const g of kindGroups(item.kind)) groups.add(g);
  return [...groups];
}

/** The trading products whose orders and positions have their own query group (`product` of the item). */
const PRODUCT_GROUPS = { futures: 'futures', spot: 'spot', options: 'options' } as const satisfies Record<string, QueryGroup>;

/** Orders or positions: the balances, and the group of each product among them. */
function productGroups(items: readonly { product: string }[]): readonly QueryGroup[] {
  const groups = new Set<QueryGroup>(['balances']);
  for (const { product } of items)
    if (Object.hasOwn(PRODUCT_GROUPS, product)) groups.add(PRODUCT_GROUPS[product as keyof typeof PRODUCT_GROUPS]);
  return [...groups];
}

/**
 * Private-channel message kind → the query groups it makes stale. Every kind of
 * `PrivatePayloads` must be here (a new kind fails to compile until it is mapped).
 */
export const LIVE_INVALIDATIONS: { [K in keyof PrivatePayloads]: Rule<PrivatePayloads[K]['update']> } = {
  notifications: notificationGroups,
  // Every finance payment (lockming purchase, yield, principal, redemption; IEO subscription,
  // allocation and refund, release; dual purchase and settlement; the finance tab's sums) moves a
  // balance; so does every copied position opening or closing (its margin moves), which changes
  // the follows' copy P&L and the copies; so does every NFT sale, margin, payment and box, every loan change, and every
  // rebate, coupon claim and coupon use.
  balances: () => ['balances', 'lockming', 'ieo', 'invest', 'financial', 'copytrade', 'nft', 'loans', 'rewards'],
  // An order or a position freezes and releases funds, and changes its product's own lists.
  orders: productGroups,
  positions: productGroups,
  // A session's end changes no cached answer by itself: clearing the token drops the user's queries.
  session: () => [],
  // A customer-service message (either side) or a read mark: the conversation.
  support: () => ['support'],
};

/** The query groups a private-channel message makes stale; none for a kind not mapped. */
export function staleGroups(message: { kind: string; data: unknown }): readonly QueryGroup[] {
  if (!Object.hasOwn(LIVE_INVALIDATIONS, message.kind)) return [];
  // The protocol gives each kind its payload: `data` is the one the kind's rule takes.
  return (LIVE_INVALIDATIONS[message.kind as keyof PrivatePayloads] as Rule<unknown>)(message.data);
}

/** Invalidates what `message` makes stale. */
export function applyUserMessage(client: QueryClient, message: { kind: string; data: unknown }): Promise<void> {
  return invalidateGroups(client, staleGroups(message));
}

/** Drops every answer that belonged to the session that ended (a `user` endpoint's). */
export function dropPrivateQueries(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => isPrivateKey(query.queryKey) });
}

/**
 * Answers are localised: a new language drops the answers not on screen and refetches those
 * that are (they stay shown until the new ones arrive).
 */
export function relocalise(client: QueryClient): void {
  client.removeQueries({ type: 'inactive' });
  void client.invalidateQueries({ type: 'active' });
}

/** Starts keeping `client` in step with the private channel, the session and the language; returns the stop. */
export function startLiveInvalidation(client: QueryClient): () => void {
  const stopMessages = onUserMessage((message) => void applyUserMessage(client, message));
  let token = sessionState.token;
  const stopSession = subscribe(sessionState, () => {
    if (sessionState.token === token) return;
    token = sessionState.token;
    dropPrivateQueries(client);
  });
  const onLanguage = () => relocalise(client);
  i18next.on('languageChanged', onLanguage);
  return () => {
    stopMessages();
    stopSession();
    i18next.off('languageChanged', onLanguage);
  };
}
