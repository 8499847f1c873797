/**
 * The user's price alerts (`fastify.alerts.service`, docs/ALERTS.md): list, create, edit (which
 * re-arms), delete, the Web Push subscriptions, and the fire the engine asks for. Every change is
 * told to the engine after its commit (`onChange`), so the leader's working set follows at once on
 * this node and within a reload on the others.
 */
import { checkThreshold, changePercent, shouldFire } from '../../domain/alerts/rules';
import { ALERTS_ACTIVE_MAX, ALERTS_TOTAL_MAX, PUSH_SUBSCRIPTIONS_MAX, type AlertKind, type PriceAlert } from '../../domain/alerts/types';
import { Decimal } from '../../domain/decimal';
import type { MarketPair } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/AppError';
import type { Translator } from '../http/translator';
import type { MarketSource } from '../market/MarketSource';
import type { NotificationKind, Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import { isLang } from '../../domain/i18n';
import type { AlertRow, AlertsRepository } from './AlertsRepository';
import type { PushSender } from './PushSender';

/** The recorded tick the engine judged: the pair's last trade price, its price 24 h ago, its time. */
export interface AlertMark {
  price: string;
  open: string;
  ts: number;
}

type AlertListener = (row: AlertRow, removed: boolean) => void;

/** Where a tap on an alert's push notification leads: the alerts list (a hash route of the app). */
export const ALERTS_URL = '/#/pages/alerts/index';

const NOTIFICATION_KIND: Record<AlertKind, NotificationKind> = { above: 'alertAbove', below: 'alertBelow', change: 'alertChange' };

export class AlertsService {
  /** Active alerts one account may hold (tests lower it on a running server to see the refusal). */
  maxActive = ALERTS_ACTIVE_MAX;
  private readonly listeners = new Set<AlertListener>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      repo: AlertsRepository;
      market: MarketSource;
      users: UserRepository;
      notifications: Notifications;
      push: PushSender;
      translator: Translator;
      /** Accept push endpoints over plain HTTP (tests run a push service on loopback). */
      allowHttpPush?: boolean;
    },
  ) {}

  /** Told of each alert after the commit that changed it (`removed` once deleted). */
  onChange(listener: AlertListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user's alerts, active first; alerts of a pair no longer listed are left out. */
  async list(userId: number, q: Queryable = this.deps.db): Promise<PriceAlert[]> {
    return (await this.deps.repo.list(userId, q)).flatMap((row) => {
      const view = this.view(row);
      return view ? [view] : [];
    });
  }

  /** Adds an armed alert. Caps are checked under the user's row lock, so concurrent adds cannot pass them. */
  async create(userId: number, input: { match_id: number; kind: AlertKind; threshold: string }): Promise<PriceAlert> {
    const pair = this.pair(input.match_id);
    const threshold = this.threshold(input.kind, input.threshold, pair);
    const { db, repo, users, clock } = this.deps;
    const row = await db.tx(async (q) => {
      await users.lockById(userId, q);
      const counts = await repo.counts(userId, q);
      if (counts.active >= this.maxActive) throw new AppError('errors.alertsFull', { max: this.maxActive });
      if (counts.total >= ALERTS_TOTAL_MAX) throw new AppError('errors.alertsTotalFull', { max: ALERTS_TOTAL_MAX });
      const created = await repo.insert({ userId, matchId: pair.id, kind: input.kind, threshold, at: clock.now() }, q);
      q.afterCommit(() => this.announce(created, false));
      return created;
    });
    return this.view(row)!;
  }

  /** Changes the kind and threshold of one of the user's alerts and re-arms it. */
  async update(userId: number, input: { id: number; kind: AlertKind; threshold: string }): Promise<PriceAlert> {
    const { db, repo, users, clock } = this.deps;
    const row = await db.tx(async (q) => {
      await users.lockById(userId, q);
      const alert = await repo.lockOwn(userId, input.id, q);
      if (!alert) throw new AppError('errors.alertNotFound');
      const threshold = this.threshold(input.kind, input.threshold, this.pair(alert.match_id));
      if (alert.state !== 'active' && (await repo.counts(userId, q)).active >= this.maxActive) {
        throw new AppError('errors.alertsFull', { max: this.maxActive });
      }
      // Strictly later than the version the engine may hold, even within one millisecond.
      const updated = await repo.rearm(alert.id, input.kind, threshold, Math.max(clock.now(), alert.updated_at + 1), q);
      q.afterCommit(() => this.announce(updated, false));
      return updated;
    });
    return this.view(row)!;
  }

  /** Deletes one of the user's alerts and answers the list left. */
  async delete(userId: number, id: number): Promise<PriceAlert[]> {
    const { db, repo } = this.deps;
    return db.tx(async (q) => {
      const alert = await repo.lockOwn(userId, id, q);
      if (!alert) throw new AppError('errors.alertNotFound');
      await repo.delete(alert.id, q);
      q.afterCommit(() => this.announce(alert, true));
      return this.list(userId, q);
    });
  }

  /**
   * Fires `alert` at the recorded tick `mark` if it is still armed with the rule the engine judged
   * and the rule holds at that tick: one transaction records the fire (the conditional UPDATE makes
   * it happen once) and the in-app notification; after the commit the notification reaches the
   * private channel and a Web Push goes to each of the user's subscriptions. True when it fired.
   */
  async fire(alert: AlertRow, mark: AlertMark): Promise<boolean> {
    if (!shouldFire(alert, mark)) return false;
    const pair = this.pair(alert.match_id, false);
    if (!pair) return false;
    const change = (changePercent(mark) ?? new Decimal(0)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    const fired = await this.deps.db.tx(async (q) => {
      const row = await this.deps.repo.fire(
        alert.id,
        { kind: alert.kind, threshold: alert.threshold, updatedAt: alert.updated_at },
        { ts: mark.ts, price: mark.price, change },
        q,
      );
      if (!row) return null;
      const params = this.notificationParams(row, pair);
      await this.deps.notifications.create(q, row.user_id, NOTIFICATION_KIND[row.kind], params);
      q.afterCommit(() => this.announce(row, false));
      q.afterCommit(() => void this.pushFired(row, params));
      return row;
    });
    return fired !== null;
  }

  // ---- Web Push ------------------------------------------------------------------------------

  /** Records this browser's subscription for the user (same endpoint again: new keys, new owner). */
  async subscribe(userId: number, input: { endpoint: string; p256dh: string; auth: string }): Promise<boolean> {
    this.checkEndpoint(input.endpoint);
    // A P-256 public key (uncompressed point) and a 16-byte secret, as `PushSubscription.getKey` gives them.
    const p256dh = Buffer.from(input.p256dh, 'base64url');
    if (p256dh.length !== 65 || p256dh[0] !== 4 || Buffer.from(input.auth, 'base64url').length !== 16) {
      throw new AppError('validation.pushSubscriptionInvalid');
    }
    const { db, repo, users, clock } = this.deps;
    await db.tx(async (q) => {
      await users.lockById(userId, q);
      if (!(await repo.hasSubscription(userId, input.endpoint, q)) && (await repo.subscriptionCount(userId, q)) >= PUSH_SUBSCRIPTIONS_MAX) {
        throw new AppError('errors.pushSubscriptionsFull', { max: PUSH_SUBSCRIPTIONS_MAX });
      }
      await repo.subscribe({ userId, ...input, at: clock.now() }, q);
    });
    return true;
  }

  /** Forgets the user's subscription at `endpoint`. */
  async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    await this.deps.repo.unsubscribe(userId, endpoint);
    return false;
  }

  // ---- helpers -------------------------------------------------------------------------------

  private checkEndpoint(endpoint: string): void {
    const protocol = URL.canParse(endpoint) ? new URL(endpoint).protocol : null;
    if (protocol === 'https:' || (protocol === 'http:' && this.deps.allowHttpPush)) return;
    throw new AppError('validation.pushSubscriptionInvalid');
  }

  private async pushFired(row: AlertRow, params: Record<string, string>): Promise<void> {
    const user = await this.deps.users.byId(row.user_id);
    const t = this.deps.translator.forLang(user && isLang(user.lang) ? user.lang : 'en');
    const kind = NOTIFICATION_KIND[row.kind];
    this.deps.push.send(row.user_id, {
      title: t(`notifications.${kind}.title`, params),
      body: t(`notifications.${kind}.body`, params),
      url: ALERTS_URL,
      tag: `alert-${row.id}`,
    });
  }

  private notificationParams(row: AlertRow, pair: MarketPair): Record<string, string> {
    return {
      id: String(row.id),
      symbol: pair.symbol,
      price: row.fired_price ?? '',
      threshold: row.threshold,
      change: `${new Decimal(row.fired_change ?? 0).gt(0) ? '+' : ''}${row.fired_change ?? ''}`,
    };
  }

  private threshold(kind: AlertKind, text: string, pair: MarketPair): string {
    const check = checkThreshold(kind, text, pair.price_decimals);
    if (!check.ok) throw new AppError(`validation.alertThreshold${check.problem}`, check.params);
    return check.value;
  }

  private pair(matchId: number): MarketPair;
  private pair(matchId: number, required: false): MarketPair | undefined;
  private pair(matchId: number, required = true): MarketPair | undefined {
    const pair = this.deps.market.pairs.find((p) => p.id === matchId);
    if (!pair && required) throw new AppError('errors.symbolUnknown');
    return pair;
  }

  private view(row: AlertRow): PriceAlert | null {
    const pair = this.pair(row.match_id, false);
    if (!pair) return null;
    return {
      id: row.id,
      match_id: row.match_id,
      symbol: pair.symbol,
      price_decimals: pair.price_decimals,
      kind: row.kind,
      threshold: row.threshold,
      state: row.state,
      created_at: row.created_at,
      updated_at: row.updated_at,
      fired_at: row.fired_at,
      fired_price: row.fired_price,
      fired_change: row.fired_change,
    };
  }

  private announce(row: AlertRow, removed: boolean): void {
    for (const listener of this.listeners) listener(row, removed);
  }
}
