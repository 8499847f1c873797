import {
  PRIVATE_RECENT_NOTIFICATIONS,
  type BalanceRow,
  type NotificationsState,
  type OrderItem,
  type PositionItem,
  type PrivateSnapshot,
  type UserMessage,
} from '../../domain/protocol';
import type { NotificationItem } from '../../domain/notifications/types';
import type { Slice, SliceHooks } from '../slice';

/**
 * The private state's changes since the last `take`, for the UI. After a `reset` the UI drops
 * what it held first; the parts present then hold the whole state.
 */
export interface PrivateView {
  /** The whole state was replaced (a snapshot, or the channel closed). */
  reset?: true;
  /** Whose channel it is; null when signed out. Sent with `reset`. */
  userId?: number | null;
  /** Changed balance rows (every row after a reset). */
  balances?: BalanceRow[];
  notifications?: NotificationsState;
  /** Every open order, when any changed. */
  orders?: OrderItem[];
  /** Every open position, when any changed. */
  positions?: PositionItem[];
}

const balanceKey = (r: { account: number; currency_id: number }) => `${r.account}:${r.currency_id}`;
const itemKey = (i: { product: string; id: number }) => `${i.product}:${i.id}`;

/** Applies changed orders or positions: an open one replaces its entry, a final one (`open: false`) drops it. */
function keepOpen<T extends OrderItem | PositionItem>(items: Map<string, T>, changed: readonly T[]): void {
  for (const item of changed) {
    if (item.open) items.set(itemKey(item), item);
    else items.delete(itemKey(item));
  }
}

/** Merges changed notifications into the newest few, by id, newest first. */
function mergeRecent(recent: NotificationItem[], changed: NotificationItem[]): NotificationItem[] {
  const byId = new Map(recent.map((n) => [n.id, n]));
  for (const n of changed) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, PRIVATE_RECENT_NOTIFICATIONS);
}

/** The account's changes since the last snapshot. */
export interface AccountChanges {
  /** Private-channel messages applied since the last snapshot, in `seq` order (for reactions such as a toast). */
  user?: UserMessage[];
  /** The private state's changes (balances, notifications, open orders and positions). */
  private?: PrivateView;
}

/**
 * The worker's copy of the private channel's state: balances, notifications, open orders and
 * positions, replaced by a snapshot and updated by live messages (each update is idempotent,
 * so a message that overlaps a snapshot changes nothing).
 */
export class AccountSlice implements Slice<AccountChanges> {
  private messages: UserMessage[] = [];
  private userId: number | null = null;
  private balances = new Map<string, BalanceRow>();
  private notifications: NotificationsState = { unread: 0, recent: [] };
  private orders = new Map<string, OrderItem>();
  private positions = new Map<string, PositionItem>();
  private reset = false;
  private dirtyBalances = new Set<string>();
  private dirtyNotifications = false;
  private dirtyOrders = false;
  private dirtyPositions = false;

  readonly hooks: SliceHooks = {
    applyPrivate: (snap) => this.applySnapshot(snap),
    applyUser: (msg) => this.apply(msg),
  };

  /** Replaces the whole state; null clears it (signed out). */
  applySnapshot(snap: PrivateSnapshot | null): void {
    this.userId = snap?.data.session.user_id ?? null;
    this.balances = new Map((snap?.data.balances ?? []).map((r) => [balanceKey(r), r]));
    this.notifications = snap
      ? { unread: snap.data.notifications.unread, recent: snap.data.notifications.recent.slice(0, PRIVATE_RECENT_NOTIFICATIONS) }
      : { unread: 0, recent: [] };
    this.orders = new Map((snap?.data.orders ?? []).filter((o) => o.open).map((o) => [itemKey(o), o]));
    this.positions = new Map((snap?.data.positions ?? []).filter((p) => p.open).map((p) => [itemKey(p), p]));
    this.reset = true;
    this.dirtyBalances = new Set();
    this.dirtyNotifications = this.dirtyOrders = this.dirtyPositions = true;
  }

  /** Applies one live message (its `seq` already checked) and keeps it for the UI. */
  apply(msg: UserMessage): void {
    this.messages.push(msg);
    switch (msg.kind) {
      case 'balances':
        for (const row of msg.data) {
          // A change older than the one held (numbered later by another node) is not shown over it.
          if ((this.balances.get(balanceKey(row))?.v ?? 0) > row.v) continue;
          this.balances.set(balanceKey(row), row);
          this.dirtyBalances.add(balanceKey(row));
        }
        break;
      case 'notifications':
        this.notifications = { unread: msg.data.unread, recent: mergeRecent(this.notifications.recent, msg.data.changed) };
        this.dirtyNotifications = true;
        break;
      case 'orders':
        keepOpen(this.orders, msg.data);
        this.dirtyOrders = true;
        break;
      case 'positions':
        keepOpen(this.positions, msg.data);
        this.dirtyPositions = true;
        break;
      case 'session':
      case 'support':
        break;
    }
  }

  get isDirty(): boolean {
    return (
      this.messages.length > 0 ||
      this.reset ||
      this.dirtyBalances.size > 0 ||
      this.dirtyNotifications ||
      this.dirtyOrders ||
      this.dirtyPositions
    );
  }

  /** The changes since the last call, clearing the change marks. */
  take(): AccountChanges {
    const changes: AccountChanges = {};
    if (this.messages.length) changes.user = this.messages;
    this.messages = [];
    const view = this.takeView();
    if (view) changes.private = view;
    return changes;
  }

  /** The private state's changes, or undefined when none. */
  private takeView(): PrivateView | undefined {
    if (!(this.reset || this.dirtyBalances.size > 0 || this.dirtyNotifications || this.dirtyOrders || this.dirtyPositions))
      return undefined;
    const view: PrivateView = {};
    if (this.reset) {
      view.reset = true;
      view.userId = this.userId;
      view.balances = this.balanceRows();
    } else if (this.dirtyBalances.size) {
      view.balances = [...this.dirtyBalances].map((k) => this.balances.get(k)!);
    }
    if (this.dirtyNotifications) view.notifications = this.notifications;
    if (this.dirtyOrders) view.orders = [...this.orders.values()];
    if (this.dirtyPositions) view.positions = [...this.positions.values()];
    this.reset = false;
    this.dirtyBalances = new Set();
    this.dirtyNotifications = this.dirtyOrders = this.dirtyPositions = false;
    return view;
  }

  /** Every balance row, by account then currency (the server's order). */
  balanceRows(): BalanceRow[] {
    return [...this.balances.values()].sort((a, b) => a.account - b.account || a.currency_id - b.currency_id);
  }

  notificationState(): NotificationsState {
    return this.notifications;
  }

  /** One balance row (an account and a currency name), for the areas that reckon with it (futures). */
  balance(account: number, currency: string): BalanceRow | undefined {
    for (const row of this.balances.values()) if (row.account === account && row.currency === currency) return row;
    return undefined;
  }

  /** The open orders or positions of one product area, for its own slice (futures keeps live views of them). */
  openItems(kind: 'orders', product: string): OrderItem[];
  openItems(kind: 'positions', product: string): PositionItem[];
  openItems(kind: 'orders' | 'positions', product: string): (OrderItem | PositionItem)[] {
    const items: Map<string, OrderItem | PositionItem> = kind === 'orders' ? this.orders : this.positions;
    return [...items.values()].filter((i) => i.product === product);
  }
}
