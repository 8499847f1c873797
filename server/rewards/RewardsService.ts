/**
 * Invitations, rebates and coupons (docs/REWARDS.md).
 *
 * - On every trading fee (server/ledger/TradingFees.ts, inside the fee's transaction): first the
 *   payer's fee voucher pays min(remaining, fee) of a futures fee (`coupon_fee`: grants → the
 *   user's futures account, key `coupon:<id>:<fee ref>`), then the inviter gets the rebate share
 *   of what the invitee actually paid, fee − voucher, rounded down (`rebate`: the invitee's fee
 *   shard → the inviter's coin account, key `rebate:<area>:<fee ref>`).
 * - On a deposit approval (server/funds/Deposits.ts `onApproved`, same transaction): the user's
 *   deposit bonus whose threshold a USDT deposit meets is credited once (`deposit_bonus`: grants →
 *   coin account, key `coupon:<id>:deposit:<deposit id>`).
 * - Claims lock the kind's row: the quantity, the window and one claim per user hold under
 *   concurrent claims.
 *
 * Locks: a fee's transaction already holds the payer's user row and balances; the coupon row is
 * locked after them, and nothing here locks a coupon before a balance, so no cycle forms.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS } from '../../domain/funds/formulas';
import type { Currency } from '../../domain/market/types';
import {
  DEFAULT_REBATE_SHARE,
  claimStatus,
  couponExpiresAt,
  depositQualifies,
  isRebateShare,
  maskName,
  rebateAmount,
  voucherPays,
} from '../../domain/rewards/formulas';
import type {
  CouponItem,
  CouponKindView,
  CouponState,
  CouponType,
  InviteSummary,
  InviteeItem,
  RebateItem,
} from '../../domain/rewards/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import type { ApprovedDeposit } from '../funds/Deposits';
import { AppError } from '../http/AppError';
import { feesFor, grantsFor, type Ledger } from '../ledger/Ledger';
import type { ChargedFee } from '../ledger/TradingFees';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import type { CouponRow, KindRow, RebateRow, RewardsRepository } from './RewardsRepository';

/** Coupons are in USDT (the futures account's currency and the only bonus deposit currency). */
export const USDT_ID = 3;
const REBATE_SHARE_KEY = 'rebate_share';
/** Where a link with the invite code leads (src/pages/common: registration reads `code`). */
export const REGISTER_PATH = '/pages/common/register';
const MAX_VALID_DAYS = 3650;

export interface KindInput {
  type: CouponType;
  value: string;
  threshold?: string | undefined;
  valid_days: number;
  claimable: '1' | '0';
  total?: number | undefined;
  claim_start?: number | undefined;
  claim_end?: number | undefined;
}

/** Users whose inviter a node keeps in memory (a few MB at most). */
const INVITERS_KEPT = 100_000;

export class RewardsService {
  private readonly tx: TxRunner;
  private readonly claimListeners: (() => void)[] = [];
  /**
   * Who invited each user, as far as this process has asked. A user's inviter is written at
   * registration and never changed, so a fee reads it from the database once per user, not on
   * every order; the oldest entry goes when the map is full.
   */
  private readonly inviters = new Map<number, number | null>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      users: UserRepository;
      notifications: Notifications;
      currencies: readonly Currency[];
      repo: RewardsRepository;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Told after a coupon is claimed or granted (the engine re-arms for its expiry). */
  onCoupon(listener: () => void): void {
    this.claimListeners.push(listener);
  }

  private currency(id: number): Currency {
    const c = this.deps.currencies.find((x) => x.id === id);
    if (!c) throw new Error(`unknown currency ${id}`);
    return c;
  }

  // ---- rebates ---------------------------------------------------------------------------------

  async rebateShare(q: Queryable = this.deps.db): Promise<string> {
    return (await this.deps.repo.setting(REBATE_SHARE_KEY, q)) ?? DEFAULT_REBATE_SHARE;
  }

  /** Sets the rebate share (operator); answers the share in force. */
  async setRebateShare(share: string | undefined): Promise<{ share: string }> {
    if (share !== undefined && share !== '') {
      if (!isRebateShare(share))
        throw new AppError('errors.rewardsOperatorInvalid', { reason: 'share must be a fraction from 0 to 1 (0.2 is 20%)' });
      await this.deps.repo.setSetting(REBATE_SHARE_KEY, new Decimal(share).toFixed(), this.deps.clock.now());
    }
    return { share: await this.rebateShare() };
  }

  /**
   * A trading fee was just posted (inside its transaction): the voucher pays first (futures), then
   * the inviter's rebate on what remained. Each under its own ledger key derived from the fee's.
   */
  async feeCharged(q: Queryable, fee: ChargedFee): Promise<void> {
    const now = this.deps.clock.now();
    let voucherPaid = new Decimal(0);
    if (fee.area === 'futures') voucherPaid = await this.payWithVoucher(q, fee, now);

    const inviterId = await this.inviterOf(q, fee.userId);
    if (inviterId === null) return;
    const share = await this.rebateShare(q);
    const currency = this.currency(fee.currencyId);
    const amount = rebateAmount(fee.fee, voucherPaid, share, currency.decimals);
    if (amount.lte(0)) return;
    // The row first (unique per fee), so the journal can name it; the ledger key makes it once too.
    const rebateId = await this.deps.repo.insertRebate(q, {
      inviter_id: inviterId,
      invitee_id: fee.userId,
      area: fee.area,
      fee_ref: fee.ref,
      fee: new Decimal(fee.fee).toFixed(),
      paid: new Decimal(fee.fee).minus(voucherPaid).toFixed(),
      share,
      amount: amount.toFixed(),
      currency_id: fee.currencyId,
      created_at: now,
    });
    if (rebateId === null) return;
    await this.deps.ledger.postOnce(q, {
      key: `rebate:${fee.area}:${fee.ref}`,
      kind: 'rebate',
      ref: { type: 'rebate', id: rebateId },
      legs: [
        { holder: feesFor(fee.userId), currencyId: fee.currencyId, available: amount.neg() },
        { holder: { userId: inviterId, account: ACCOUNTS.change }, currencyId: fee.currencyId, available: amount },
      ],
    });
  }

  private async inviterOf(q: Queryable, userId: number): Promise<number | null> {
    const known = this.inviters.get(userId);
    if (known !== undefined) return known;
    const user = await this.deps.users.byId(userId, q);
    if (!user) return null;
    if (this.inviters.size >= INVITERS_KEPT) this.inviters.delete(this.inviters.keys().next().value!);
    this.inviters.set(userId, user.invited_by);
    return user.invited_by;
  }

  /** The payer's voucher expiring first pays min(remaining, fee) back into the futures account. */
  private async payWithVoucher(q: Queryable, fee: ChargedFee, now: number): Promise<Decimal> {
    const coupon = await this.deps.repo.lockVoucher(q, fee.userId, fee.currencyId, now);
    if (!coupon) return new Decimal(0);
    const pays = voucherPays(coupon.remaining, fee.fee);
    if (pays.lte(0)) return pays;
    const key = `coupon:${coupon.id}:${fee.ref}`;
    const posted = await this.deps.ledger.post(q, {
      key,
      kind: 'coupon_fee',
      ref: { type: 'coupon', id: coupon.id },
      legs: [
        { holder: grantsFor(fee.userId), currencyId: fee.currencyId, available: pays.neg() },
        { holder: { userId: fee.userId, account: ACCOUNTS.lever }, currencyId: fee.currencyId, available: pays },
      ],
    });
    if (!posted) return new Decimal(0);
    await this.deps.repo.spend(q, { coupon, amount: pays.toFixed(), kind: 'fee', ref: key, now });
    return pays;
  }

  /** A deposit was approved (inside its transaction): a USDT deposit meeting a usable bonus's threshold pays that bonus once. */
  async depositApproved(q: Queryable, deposit: ApprovedDeposit): Promise<void> {
    if (deposit.currencyId !== USDT_ID) return;
    const now = this.deps.clock.now();
    const coupon = await this.deps.repo.lockBonus(q, deposit.userId, deposit.currencyId, deposit.amount, now);
    if (!coupon || !depositQualifies(deposit.amount, coupon.threshold ?? '0')) return;
    const key = `coupon:${coupon.id}:deposit:${deposit.depositId}`;
    const bonus = new Decimal(coupon.remaining);
    const posted = await this.deps.ledger.post(q, {
      key,
      kind: 'deposit_bonus',
      ref: { type: 'coupon', id: coupon.id },
      legs: [
        { holder: grantsFor(deposit.userId), currencyId: coupon.currency_id, available: bonus.neg() },
        { holder: { userId: deposit.userId, account: ACCOUNTS.change }, currencyId: coupon.currency_id, available: bonus },
      ],
    });
    if (!posted) return;
    await this.deps.repo.spend(q, { coupon, amount: bonus.toFixed(), kind: 'deposit', ref: key, now });
    await this.deps.notifications.create(q, deposit.userId, 'rewardsDepositBonus', {
      amount: bonus.toFixed(),
      currency: this.currency(coupon.currency_id).name,
    });
  }

  // ---- invitations -----------------------------------------------------------------------------

  async invite(userId: number): Promise<InviteSummary> {
    const user = await this.deps.users.byId(userId);
    if (!user) throw new AppError('errors.userNotFound');
    const [stats, share, totals] = await Promise.all([
      this.deps.users.inviteStats(userId),
      this.rebateShare(),
      this.deps.repo.rebateTotals(userId),
    ]);
    return {
      invite_code: user.invite_code,
      register_path: REGISTER_PATH,
      invite_count: stats.invite_count,
      traded_count: stats.traded_invite_count,
      rebate_share: share,
      totals: totals.map((t) => ({ currency_id: t.currency_id, currency: this.currency(t.currency_id).name, amount: t.amount })),
    };
  }

  async rebates(userId: number, page: { page: number; limit: number }): Promise<Page<RebateItem>> {
    const rows = await this.deps.repo.rebates(userId, page);
    const names = await this.deps.users.nicknames(rows.data.map((r) => r.invitee_id));
    return { ...rows, data: rows.data.map((r) => this.toRebate(r, names.get(r.invitee_id) ?? '')) };
  }

  private toRebate(r: RebateRow, name: string): RebateItem {
    return {
      id: r.id,
      area: r.area,
      invitee: maskName(name),
      fee: r.fee,
      paid: r.paid,
      share: r.share,
      amount: r.amount,
      currency_id: r.currency_id,
      currency: this.currency(r.currency_id).name,
      created_at: r.created_at,
    };
  }

  async invitees(userId: number, page: { page: number; limit: number }): Promise<Page<InviteeItem>> {
    const rows = await this.deps.users.invitees(userId, page);
    const traded = await this.deps.users.tradedAmong(rows.data.map((r) => r.id));
    return {
      ...rows,
      data: rows.data.map((r) => ({ id: r.id, name: maskName(r.nickname), traded: traded.has(r.id), joined_at: r.created_at })),
    };
  }

  // ---- coupons ---------------------------------------------------------------------------------

  async center(userId: number | null): Promise<CouponKindView[]> {
    const kinds = await this.deps.repo.claimableKinds(this.deps.clock.now());
    const mine =
      userId === null
        ? new Set<number>()
        : await this.deps.repo.claimedKinds(
            userId,
            kinds.map((k) => k.id),
          );
    return kinds.map((k) => this.toKind(k, mine.has(k.id)));
  }

  async kinds(): Promise<CouponKindView[]> {
    return (await this.deps.repo.kinds()).map((k) => this.toKind(k, false));
  }

  private toKind(k: KindRow, mine: boolean): CouponKindView {
    return {
      id: k.id,
      type: k.type,
      currency_id: k.currency_id,
      currency: this.currency(k.currency_id).name,
      value: k.value,
      threshold: k.threshold,
      valid_days: k.valid_days,
      total: k.total,
      claimed: k.claimed,
      remaining: Math.max(0, k.total - k.claimed),
      claim_start: k.claim_start,
      claim_end: k.claim_end,
      status: k.claimable ? claimStatus(k, this.deps.clock.now()) : 'ended',
      claimed_by_me: mine,
    };
  }

  /** Claims one coupon of `kindId` under the kind's lock: window, quantity and one per user. */
  async claim(userId: number, kindId: number, run: TxRunner = this.tx): Promise<CouponItem> {
    const coupon = await run(async (q) => {
      const kind = await this.deps.repo.lockKind(q, kindId);
      if (!kind || !kind.claimable) throw new AppError('errors.rewardsCouponUnknown');
      const now = this.deps.clock.now();
      const status = claimStatus(kind, now);
      if (status === 'upcoming') throw new AppError('errors.rewardsClaimNotStarted');
      if (status === 'ended') throw new AppError('errors.rewardsClaimEnded');
      if ((await this.deps.repo.claimedKinds(userId, [kind.id], q)).size) throw new AppError('errors.rewardsCouponClaimed');
      if (status === 'sold_out') throw new AppError('errors.rewardsCouponSoldOut');
      await this.deps.repo.countClaim(q, kind.id);
      return this.deps.repo.insertCoupon(q, { kind, userId, source: 'claim', now, expiresAt: couponExpiresAt(now, kind.valid_days) });
    });
    for (const listener of this.claimListeners) listener();
    return this.toCoupon(coupon, this.deps.clock.now());
  }

  /** Gives one coupon of `kindId` to `userId` (operator): no window, no quantity. */
  async grant(userId: number, kindId: number, run: TxRunner = this.tx): Promise<CouponItem> {
    const coupon = await run(async (q) => {
      const kind = await this.deps.repo.kind(kindId, q);
      if (!kind) throw new AppError('errors.rewardsCouponUnknown');
      const now = this.deps.clock.now();
      const row = await this.deps.repo.insertCoupon(q, {
        kind,
        userId,
        source: 'grant',
        now,
        expiresAt: couponExpiresAt(now, kind.valid_days),
      });
      await this.deps.notifications.create(q, userId, 'rewardsCouponGranted', {
        amount: kind.value,
        currency: this.currency(kind.currency_id).name,
        type: kind.type,
      });
      return row;
    });
    for (const listener of this.claimListeners) listener();
    return this.toCoupon(coupon, this.deps.clock.now());
  }

  async coupons(userId: number, state: CouponState, page: { page: number; limit: number }): Promise<Page<CouponItem>> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.coupons(userId, state, now, page);
    return { ...rows, data: rows.data.map((r) => this.toCoupon(r, now)) };
  }

  private toCoupon(r: CouponRow, now: number): CouponItem {
    const state: CouponState = r.state === 'usable' && r.expires_at <= now ? 'expired' : r.state;
    return {
      id: r.id,
      kind_id: r.kind_id,
      type: r.type,
      currency_id: r.currency_id,
      currency: this.currency(r.currency_id).name,
      value: r.value,
      remaining: r.remaining,
      threshold: r.threshold,
      state,
      source: r.source,
      uses: r.uses,
      created_at: r.created_at,
      expires_at: r.expires_at,
      used_at: r.used_at,
    };
  }

  /** Creates a coupon kind (operator), every field checked with a plain reason. */
  async createKind(input: KindInput): Promise<CouponKindView> {
    const invalid = (reason: string) => new AppError('errors.rewardsOperatorInvalid', { reason });
    const usdt = this.currency(USDT_ID);
    const amount = (name: string, text: string) => {
      if (!/^\d{1,12}(\.\d+)?$/.test(text)) throw invalid(`${name} must be a positive amount`);
      const d = new Decimal(text);
      if (d.lte(0) || d.decimalPlaces() > usdt.decimals) throw invalid(`${name} must be positive with at most ${usdt.decimals} decimals`);
      return d.toFixed();
    };
    const value = amount('value', input.value);
    let threshold: string | null = null;
    if (input.type === 'deposit_bonus') {
      if (!input.threshold) throw invalid('a deposit bonus needs --threshold (the smallest deposit)');
      threshold = amount('threshold', input.threshold);
    } else if (input.threshold) throw invalid('a fee voucher takes no threshold');
    if (!Number.isInteger(input.valid_days) || input.valid_days < 1 || input.valid_days > MAX_VALID_DAYS)
      throw invalid(`valid days must be 1 to ${MAX_VALID_DAYS}`);
    const claimable = input.claimable === '1';
    const now = this.deps.clock.now();
    let total = 0;
    let start = 0;
    let end = 0;
    if (claimable) {
      total = input.total ?? 0;
      if (!Number.isInteger(total) || total < 1 || total > 10_000_000) throw invalid('a claimable kind needs --total from 1 to 10,000,000');
      start = input.claim_start ?? now;
      end = input.claim_end ?? 0;
      if (!end) throw invalid('a claimable kind needs --end (the end of the claim window)');
      if (end <= start) throw invalid('the claim window must end after it starts');
      if (end <= now) throw invalid('the claim window has already ended');
    }
    const kind = await this.deps.repo.insertKind({
      type: input.type,
      currency_id: USDT_ID,
      value,
      threshold,
      valid_days: input.valid_days,
      claimable,
      total,
      claim_start: start,
      claim_end: end,
      created_at: now,
    });
    return this.toKind(kind, false);
  }

  /** Marks one coupon expired if it is still usable and its expiry has come (the engine). */
  async expire(id: number): Promise<boolean> {
    return this.tx(async (q) => Boolean(await this.deps.repo.expire(q, id, this.deps.clock.now())));
  }
}
