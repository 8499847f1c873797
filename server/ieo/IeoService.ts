/**
 * IEO (docs/FINANCE.md "IEO"): creating a project with its token, subscribing,
 * the allocation at the end and the release at unlock. Every amount comes from the domain
 * formulas (domain/ieo/formulas.ts) and every movement goes through the ledger:
 *
 * - a subscription moves price × tokens (rounded up to the pay coin) from the subscriber's coin
 *   account (`change`) to the platform's escrow (`ieo:<id>:pay`);
 * - at the end, once, every order's passed amount and refund are computed from the stored
 *   orders (`allocate`: in full, or pro rata rounded down when oversubscribed) and written; then
 *   each order is paid in its own transaction (`ieo:<id>:allocate`): the payment leaves escrow,
 *   the refund returns to the subscriber, the rest goes to the treasury, and the passed tokens
 *   enter the subscriber's coin account frozen (from `issuance`, the external account a token
 *   enters the system by); the tokens the rounding left go to the treasury (`ieo:project:<id>:remainder`);
 * - at unlock each order's tokens move from frozen to available (`ieo:<id>:release`).
 *
 * Each step moves an order's status under its lock in the transaction that posts its money; the
 * ledger's keys refuse a second post, so the engine, a second node and a restarted server can
 * all try, one pays.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { AssetHolding } from '../funds/Holdings';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import { allocate, ieoPhase, subscriptionCost } from '../../domain/ieo/formulas';
import type { IeoOrder, IeoPhase, IeoProject, IeoProjectInput } from '../../domain/ieo/types';
import type { Currency } from '../../domain/market/types';
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { readAmount } from '../funds/amounts';
import { AppError } from '../http/AppError';
import type { Ledger } from '../ledger/Ledger';
import { shardOf } from '../ledger/Ledger';
import type { Balances } from '../ledger/Balances';
import { txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { SourceHolding } from '../financial/FinanceRegistry';
import type { IeoRepository, OrderRow, ProjectRow } from './IeoRepository';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The coin account: subscriptions are paid from it and the tokens arrive in it. */
export const COIN: AccountId = ACCOUNTS.change;

const fixed = (d: Decimal) => d.toFixed();
const escrowFor = (userId: number) => ({ platform: 'escrow' as const, shard: shardOf(userId) });

/** IEO tokens take currency ids from here up, clear of the market catalogue's. */
export const TOKEN_ID_FLOOR = 1000;

/** A project's row with its token's symbol and decimals (from the market's currencies). */
export type Project = ProjectRow & { token: string; token_decimals: number };

/** A token symbol: 2–10 capital letters or digits, starting with a letter. */
const TOKEN_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

export type IeoListener = (row: OrderRow) => void;

export class IeoService {
  private readonly listeners = new Set<IeoListener>();
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      users: UserRepository;
      repo: IeoRepository;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  private readonly created = new Set<() => void>();

  /** Told after a project was created on this node (the engine arms its end). */
  onCreate(listener: () => void): void {
    this.created.add(listener);
  }

  onChange(listener: IeoListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Registers every token with the market (at start, and when another node created a project). */
  async loadTokens(): Promise<void> {
    await this.deps.market.loadCurrencies();
  }

  private withToken(row: ProjectRow): Project {
    const token = this.currency(row.token_id);
    return { ...row, token: token.name, token_decimals: token.decimals };
  }

  private currency(id: number): Currency {
    const currency = this.deps.market.currencies.find((c) => c.id === id);
    if (!currency) throw new Error(`ieo: unknown currency ${id}`);
    return currency;
  }

  /** The projects' rows, with any token this node has not seen registered first. */
  private async rows(): Promise<Project[]> {
    const rows = await this.deps.repo.projects();
    if (rows.some((p) => !this.deps.market.currencies.some((c) => c.id === p.token_id))) await this.loadTokens();
    return rows.map((r) => this.withToken(r));
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The projects: in progress first (ending soonest), then preheating (starting soonest), then finished (latest first). */
  async projects(userId: number | null, phase?: IeoPhase): Promise<IeoProject[]> {
    const rows = await this.rows();
    const asked = userId === null ? null : await this.deps.repo.subscribedBy(userId);
    const now = this.deps.clock.now();
    const rank: Record<IeoPhase, number> = { in_progress: 0, preheating: 1, finished: 2 };
    return rows
      .map((p) => this.toProject(p, asked, now))
      .filter((p) => !phase || p.phase === phase)
      .sort((a, b) => {
        if (a.phase !== b.phase) return rank[a.phase] - rank[b.phase];
        if (a.phase === 'in_progress') return a.ends_at - b.ends_at;
        if (a.phase === 'preheating') return a.starts_at - b.starts_at;
        return b.ends_at - a.ends_at;
      });
  }

  async project(userId: number | null, id: number): Promise<IeoProject> {
    const row = (await this.rows()).find((p) => p.id === id);
    if (!row) throw new AppError('errors.ieoProjectUnknown');
    const asked = userId === null ? null : await this.deps.repo.subscribedBy(userId);
    return this.toProject(row, asked, this.deps.clock.now());
  }

  toProject(p: Project, asked: Map<number, string> | null, now: number): IeoProject {
    const pay = this.currency(p.pay_currency_id);
    const phase = ieoPhase(p.starts_at, p.ends_at, now);
    const mine = asked === null ? null : new Decimal(asked.get(p.id) ?? 0);
    return {
      id: p.id,
      name: p.name,
      token_id: p.token_id,
      token: p.token,
      token_decimals: p.token_decimals,
      pay_currency_id: pay.id,
      pay_currency: pay.name,
      pay_decimals: pay.decimals,
      price: p.price,
      total: p.total,
      subscribed: p.subscribed,
      progress: fixed(new Decimal(p.subscribed).div(p.total).toDecimalPlaces(4, Decimal.ROUND_DOWN)),
      min_amount: p.min_amount,
      max_amount: p.max_amount,
      starts_at: p.starts_at,
      ends_at: p.ends_at,
      lock_days: p.lock_days,
      unlock_at: p.unlock_at,
      whitepaper: p.whitepaper,
      website: p.website,
      description: p.description,
      phase,
      countdown_to: phase === 'preheating' ? p.starts_at : phase === 'in_progress' ? p.ends_at : null,
      allocated: p.allocated_at !== null,
      user_subscribed: mine === null ? null : fixed(mine),
      user_remaining: mine === null ? null : fixed(Decimal.max(0, new Decimal(p.max_amount).minus(mine))),
    };
  }

  async orders(userId: number, page: { page: number; limit: number }): Promise<Page<IeoOrder>> {
    const [rows, projects] = await Promise.all([this.deps.repo.page(userId, page), this.rows()]);
    const byId = new Map(projects.map((p) => [p.id, p]));
    return { ...rows, data: rows.data.map((r) => this.toOrder(r, byId.get(r.project_id)!)) };
  }

  toOrder(o: OrderRow, p: Project): IeoOrder {
    const pay = this.currency(p.pay_currency_id);
    return {
      id: o.id,
      project_id: p.id,
      name: p.name,
      token_id: p.token_id,
      token: p.token,
      token_decimals: p.token_decimals,
      pay_currency_id: pay.id,
      pay_currency: pay.name,
      pay_decimals: pay.decimals,
      price: o.price,
      amount: o.amount,
      paid: o.paid,
      // The computed allocation shows once it is paid.
      passed: o.status === 'subscribed' ? null : o.passed,
      refunded: o.status === 'subscribed' ? null : o.refunded,
      status: o.status,
      created_at: o.created_at,
      ends_at: p.ends_at,
      unlock_at: p.unlock_at,
      allocated_at: o.allocated_at,
      released_at: o.released_at,
    };
  }

  /**
   * What a user holds in IEO (the finance tab): the payment in escrow until the allocation, then
   * the locked tokens, valued at the issue price (a token has no market until it trades).
   */
  async holdings(userId: number): Promise<{ open_orders: number; holdings: SourceHolding[] }> {
    const orders = await this.deps.repo.openOrders(userId);
    const projects = new Map((await this.rows()).map((p) => [p.id, p]));
    const holdings = orders.map((o): SourceHolding => {
      const p = projects.get(o.project_id)!;
      return o.status === 'subscribed'
        ? { currency_id: p.pay_currency_id, amount: new Decimal(o.paid), yield: new Decimal(0) }
        : { currency_id: p.token_id, amount: new Decimal(o.passed ?? 0), yield: new Decimal(0), unit_usdt: this.payUsdt(p) };
    });
    return { open_orders: orders.length, holdings };
  }

  /**
   * What the user's subscriptions hold now, for the assets page: a subscribed order's payment in
   * escrow (pay coin), an allocated one's tokens locked in the coin account's frozen amount.
   */
  async assetHoldings(userId: number): Promise<AssetHolding[]> {
    const orders = await this.deps.repo.openOrders(userId);
    const projects = new Map((await this.rows()).map((p) => [p.id, p]));
    return orders.map((o): AssetHolding => {
      const p = projects.get(o.project_id)!;
      return o.status === 'subscribed'
        ? { currency_id: p.pay_currency_id, amount: new Decimal(o.paid), place: 'escrow' }
        : { currency_id: p.token_id, amount: new Decimal(o.passed ?? 0), place: 'frozen' };
    });
  }

  /** The issue price in USDT (the pay coin's USDT price × the price). */
  private payUsdt(p: Project): Decimal | undefined {
    const pay = this.deps.market.currencies.find((c) => c.id === p.pay_currency_id);
    if (pay?.name === 'USDT') return new Decimal(p.price);
    const ticker = pay && this.deps.market.ticker(`${pay.name}/USDT`);
    return ticker ? new Decimal(p.price).mul(ticker.price) : undefined;
  }

  // ---- the operator's call -------------------------------------------------------------------

  /** Creates a project and its token (a new currency). Refuses a bad field with a plain reason (operator CLI). */
  async create(input: IeoProjectInput): Promise<IeoProject> {
    const token = input.token.trim().toUpperCase();
    if (!TOKEN_PATTERN.test(token)) throw new AppError('errors.ieoProjectInvalid', { reason: 'token: 2–10 capital letters or digits' });
    const pay = this.deps.market.currencies.find((c) => c.name === input.pay_currency.toUpperCase() || String(c.id) === input.pay_currency);
    if (!pay) throw new AppError('errors.ieoProjectInvalid', { reason: `pay currency ${input.pay_currency} unknown` });
    if (!Number.isInteger(input.token_decimals) || input.token_decimals < 0 || input.token_decimals > 8)
      throw new AppError('errors.ieoProjectInvalid', { reason: 'token decimals: 0–8' });
    const positive = (name: string, v: string, decimals: number) => {
      let d: Decimal;
      try {
        d = new Decimal(v);
      } catch {
        throw new AppError('errors.ieoProjectInvalid', { reason: `${name}: not a number` });
      }
      if (!d.isFinite() || d.lte(0) || d.decimalPlaces() > decimals)
        throw new AppError('errors.ieoProjectInvalid', { reason: `${name}: positive, at most ${decimals} decimals` });
      return d;
    };
    const price = positive('price', input.price, pay.decimals);
    const total = positive('total', input.total, input.token_decimals);
    const min = positive('min', input.min_amount, input.token_decimals);
    const max = positive('max', input.max_amount, input.token_decimals);
    if (max.lt(min)) throw new AppError('errors.ieoProjectInvalid', { reason: 'max below min' });
    if (!(input.ends_at > input.starts_at)) throw new AppError('errors.ieoProjectInvalid', { reason: 'end must be after start' });
    if (!Number.isInteger(input.lock_days) || input.lock_days < 0 || input.lock_days > 3650)
      throw new AppError('errors.ieoProjectInvalid', { reason: 'lock days: 0–3650' });
    const text = (name: string, v: string, max: number) => {
      const t = v.trim();
      if (!t || t.length > max) throw new AppError('errors.ieoProjectInvalid', { reason: `${name}: 1–${max} characters` });
      return t;
    };
    const url = (name: string, v: string) => {
      const t = text(name, v, 300);
      if (!/^https?:\/\/\S+$/.test(t)) throw new AppError('errors.ieoProjectInvalid', { reason: `${name}: an http(s) address` });
      return t;
    };

    const id = await this.tx(async (q) => {
      const currency = await this.deps.market.listCurrency(q, token, input.token_decimals, TOKEN_ID_FLOOR);
      if (!currency) throw new AppError('errors.ieoProjectInvalid', { reason: `a currency named ${token} exists` });
      return this.deps.repo.insertProject(q, currency.id, {
        name: text('name', input.name, 80),
        pay_currency_id: pay.id,
        price: fixed(price),
        total: fixed(total),
        min_amount: fixed(min),
        max_amount: fixed(max),
        starts_at: input.starts_at,
        ends_at: input.ends_at,
        lock_days: input.lock_days,
        unlock_at: input.ends_at + input.lock_days * DAY_MS,
        whitepaper: url('whitepaper', input.whitepaper),
        website: url('website', input.website),
        description: text('description', input.description, 2000),
        created_at: this.deps.clock.now(),
      });
    });
    await this.loadTokens();
    for (const listener of this.created) listener();
    return this.project(null, id);
  }

  // ---- the user's call -----------------------------------------------------------------------

  /** Subscribes `amount` tokens of a project in progress, paying price × amount into escrow. */
  async subscribe(
    userId: number,
    input: { project_id: number; amount: string; pay_currency: number },
    run: TxRunner = this.tx,
  ): Promise<IeoOrder> {
    const known = (await this.rows()).find((p) => p.id === input.project_id);
    if (!known) throw new AppError('errors.ieoProjectUnknown');
    const pay = this.currency(known.pay_currency_id);
    if (input.pay_currency !== pay.id) throw new AppError('errors.ieoPayCurrency', { currency: pay.name });
    const amount = readAmount(input.amount, this.currency(known.token_id));
    if (amount.lt(known.min_amount)) throw new AppError('errors.ieoMin', { min: known.min_amount, token: known.token });

    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const project = this.withToken((await this.deps.repo.lockProject(q, known.id))!);
      const now = this.deps.clock.now();
      const phase = ieoPhase(project.starts_at, project.ends_at, now);
      if (phase === 'preheating') throw new AppError('errors.ieoNotStarted');
      if (phase === 'finished' || project.computed_at !== null) throw new AppError('errors.ieoEnded');
      const asked = (await this.deps.repo.subscribedBy(userId, q)).get(project.id) ?? '0';
      const room = new Decimal(project.max_amount).minus(asked);
      if (amount.gt(room)) throw new AppError('errors.ieoMax', { max: fixed(Decimal.max(room, 0)), token: project.token });
      const cost = subscriptionCost(amount, project.price, pay.decimals);
      const balance = await this.deps.balances.one(userId, COIN, pay.id, q);
      if (new Decimal(balance?.available ?? 0).lt(cost)) throw new AppError('errors.insufficientBalance');

      const order = await this.deps.repo.insertOrder(q, {
        user_id: userId,
        project_id: project.id,
        amount: fixed(amount),
        price: project.price,
        paid: fixed(cost),
        created_at: now,
      });
      await this.deps.repo.addSubscribed(q, project.id, fixed(amount));
      await this.post(q, `ieo:${order.id}:pay`, 'ieo_pay', order.id, [
        { holder: { userId, account: COIN }, currencyId: pay.id, available: cost.neg() },
        { holder: escrowFor(userId), currencyId: pay.id, available: cost },
      ]);
      this.announce(afterCommit, order);
      return this.toOrder(order, { ...project, subscribed: fixed(new Decimal(project.subscribed).plus(amount)) });
    });
  }

  // ---- the engine's effects ------------------------------------------------------------------

  /**
   * Once, for an ended project: computes every order's passed amount and refund from the stored
   * orders and writes them, under the project's lock (no subscription can land after). Answers
   * false when the project has not ended or was computed before.
   */
  async computeAllocation(projectId: number): Promise<boolean> {
    return this.tx(async (q) => {
      const locked = await this.deps.repo.lockProject(q, projectId);
      if (!locked || locked.computed_at !== null || this.deps.clock.now() < locked.ends_at) return false;
      const project = this.withToken(locked);
      const orders = await this.deps.repo.projectOrders(project.id, q);
      const pay = this.currency(project.pay_currency_id);
      const { allocations, remainder } = allocate(orders, project.total, project.price, project.token_decimals, pay.decimals);
      for (const a of allocations) await this.deps.repo.setAllocation(q, a.id, fixed(a.passed), fixed(a.refund));
      await this.deps.repo.markComputed(q, project.id, fixed(remainder), this.deps.clock.now());
      return true;
    });
  }

  /** Pays one order its computed allocation: refund back, payment kept, tokens in (frozen). */
  async allocateOrder(orderId: number): Promise<OrderRow | null> {
    const owner = await this.deps.repo.order(orderId);
    if (!owner || owner.status !== 'subscribed' || owner.passed === null) return null;
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const o = await this.deps.repo.lockOrder(q, orderId);
      if (!o || o.status !== 'subscribed' || o.passed === null || o.refunded === null) return null;
      const project = (await this.deps.repo.project(o.project_id, q))!;
      const paid = new Decimal(o.paid);
      const refund = new Decimal(o.refunded);
      const passed = new Decimal(o.passed);
      await this.post(q, `ieo:${o.id}:allocate`, 'ieo_allocate', o.id, [
        { holder: escrowFor(o.user_id), currencyId: project.pay_currency_id, available: paid.neg() },
        { holder: { userId: o.user_id, account: COIN }, currencyId: project.pay_currency_id, available: refund },
        { holder: { platform: 'treasury' }, currencyId: project.pay_currency_id, available: paid.minus(refund) },
        { holder: { platform: 'issuance', shard: shardOf(o.user_id) }, currencyId: project.token_id, available: passed.neg() },
        { holder: { userId: o.user_id, account: COIN }, currencyId: project.token_id, frozen: passed },
      ]);
      const row = await this.deps.repo.markOrderAllocated(q, o.id, this.deps.clock.now());
      this.announce(afterCommit, row);
      return row;
    });
  }

  /** Once every order is paid: the tokens the rounding left go to the treasury; the project is allocated. */
  async finishAllocation(projectId: number): Promise<boolean> {
    return this.tx(async (q) => {
      const project = await this.deps.repo.lockProject(q, projectId);
      if (!project || project.computed_at === null || project.allocated_at !== null) return false;
      if ((await this.deps.repo.projectOrders(project.id, q)).some((o) => o.status === 'subscribed')) return false;
      const remainder = new Decimal(project.remainder ?? 0);
      if (remainder.gt(0))
        await this.post(q, `ieo:project:${project.id}:remainder`, 'ieo_remainder', null, [
          { holder: { platform: 'issuance' }, currencyId: project.token_id, available: remainder.neg() },
          { holder: { platform: 'treasury' }, currencyId: project.token_id, available: remainder },
        ]);
      await this.deps.repo.markAllocated(q, project.id, this.deps.clock.now());
      return true;
    });
  }

  /** At unlock: an allocated order's tokens move from frozen to available. */
  async releaseOrder(orderId: number): Promise<OrderRow | null> {
    const owner = await this.deps.repo.order(orderId);
    if (!owner || owner.status !== 'allocated') return null;
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const o = await this.deps.repo.lockOrder(q, orderId);
      if (!o || o.status !== 'allocated') return null;
      const project = (await this.deps.repo.project(o.project_id, q))!;
      if (this.deps.clock.now() < project.unlock_at) return null;
      const passed = new Decimal(o.passed ?? 0);
      if (passed.gt(0))
        await this.post(q, `ieo:${o.id}:release`, 'ieo_release', o.id, [
          { holder: { userId: o.user_id, account: COIN }, currencyId: project.token_id, frozen: passed.neg(), available: passed },
        ]);
      const row = await this.deps.repo.markOrderReleased(q, o.id, this.deps.clock.now());
      this.announce(afterCommit, row);
      return row;
    });
  }

  private async post(
    q: Queryable,
    key: string,
    kind: LedgerKind,
    orderId: number | null,
    legs: Parameters<Ledger['post']>[1]['legs'],
  ): Promise<void> {
    const ref = orderId === null ? undefined : { type: 'ieo', id: orderId };
    await this.deps.ledger.postOnce(q, { key, kind, ref, legs });
  }

  private announce(afterCommit: AfterCommit, row: OrderRow): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row);
    });
  }
}
