import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import {
  checkStops,
  closeSplit,
  handlingFee,
  limitFillPrice,
  liquidationFee,
  liquidationPrice,
  margin,
  marketable,
  maxNotional,
  mustLiquidate,
  openCost,
  openPrice,
  overnightFee,
  profit,
  restingFill,
  riskRate,
  splitShortfall,
  stillOwed,
  stopTriggered,
} from '../../domain/futures/formulas';
import type { FuturesSide } from '../../domain/futures/types';
import { checkBand } from '../../domain/market/priceBand';
import { CATEGORY_DEFAULTS } from '../../server/futures/settings';

const BTC = { contract_size: '0.01', spread: '0.0005', fee_rate: '0.001', price_decimals: 2 };

describe('futures economics (docs/FUTURES.md)', () => {
  it('opens 10 lots of BTC/USDT long at 60,000 with 20× : the worked example', () => {
    const cost = openCost({ side: 'long', price: '60000', market: true, lots: '10', multiple: 20, quoteUsdt: '1', settings: BTC });
    // Open price = 60,000 × 1.0005 = 60,030; number = 10 × 0.01 = 0.1 BTC; value = 6,003 USDT.
    expect(cost.price.toFixed()).toBe('60030');
    expect(cost.number.toFixed()).toBe('0.1');
    expect(cost.margin.toFixed()).toBe('300.15'); // 6,003 / 20
    expect(cost.fee.toFixed()).toBe('6.003'); // 6,003 × 0.1 %
    expect(cost.total.toFixed()).toBe('306.153');
    // At 61,000 the long has made (61,000 − 60,030) × 0.1 = 97 USDT; a short from 59,970 lost 103.
    expect(profit('long', '60030', '61000', '0.1', '1').toFixed()).toBe('97');
    expect(profit('short', openPrice('short', '60000', BTC.spread, 2), '61000', '0.1', '1').toFixed()).toBe('-103');
    expect(overnightFee('60030', '0.1', '0.0002', '1').toFixed()).toBe('1.2006');
  });

  it('rounds against the user by less than one unit', () => {
    expect(openPrice('long', '1.005', '0.001', 2).toFixed()).toBe('1.01'); // 1.006005 up
    expect(openPrice('short', '1.005', '0.001', 2).toFixed()).toBe('1'); // 1.003995 down
    expect(margin('1', '1', 3, '1').toFixed()).toBe('0.333334');
    expect(handlingFee('1', '0.0000001', '0.5', '1').toFixed()).toBe('0.000001');
    expect(profit('long', '1', '0.9999999', '1', '1').toFixed()).toBe('-0.000001');
  });

  it('reckons the risk rate and liquidates at the threshold', () => {
    expect(riskRate('100', '0', '0')).toBeNull();
    expect(riskRate('100', '300', '-50')!.toFixed()).toBe('116.66');
    // One long: available 0, margin 300.15, threshold 50 %: liquidated when P&L = −150.075.
    const liq = liquidationPrice({
      side: 'long',
      open: '60030',
      number: '0.1',
      quoteUsdt: '1',
      available: '0',
      totalMargin: '300.15',
      otherProfit: '0',
      threshold: '50',
      priceDecimals: 2,
    })!;
    expect(liq.toFixed()).toBe('58529.25');
    expect(riskRate('0', '300.15', profit('long', '60030', liq, '0.1', '1'))!.gte(50)).toBe(true);
  });

  it('puts take-profit and stop-loss on the right sides', () => {
    expect(checkStops('long', '100', '101', '102', '99')).toBeNull();
    expect(checkStops('long', '100', '101', '100.5', null)).toBe('validation.takeProfitSide');
    expect(checkStops('long', '100', '101', null, '100.5')).toBe('validation.stopLossSide');
    expect(checkStops('short', '100', '99', '98', '101')).toBeNull();
    expect(checkStops('short', '100', '99', '99.5', null)).toBe('validation.takeProfitSide');
    expect(stopTriggered('long', '102', '102', '99')).toBe('take_profit');
    expect(stopTriggered('short', '101', '98', '101')).toBe('stop_loss');
    expect(stopTriggered('short', '100', '98', '101')).toBeNull();
  });

  it('never lets the estimated liquidation price come after the real liquidation (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(5, 10, 20, 50, 100),
        fc.integer({ min: 0, max: 100_000 }),
        (side, cents, lots, multiple, availableCents) => {
          const price = new Decimal(cents).div(100);
          const cost = openCost({ side, price, market: true, lots, multiple, quoteUsdt: '1', settings: BTC });
          const liq = liquidationPrice({
            side,
            open: cost.price,
            number: cost.number,
            quoteUsdt: '1',
            available: new Decimal(availableCents).div(100),
            totalMargin: cost.margin,
            otherProfit: '0',
            threshold: '50',
            priceDecimals: 2,
          });
          if (!liq) return;
          const rate = riskRate(new Decimal(availableCents).div(100), cost.margin, profit(side, cost.price, liq, cost.number, '1'))!;
          // At the estimate the account is at or just above the threshold: liquidation is at most one tick away.
          expect(rate.gte(50)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 20261123 },
    );
  });
});

// ---- trading rules: worked examples and properties ------------------------------

/** BTC/USDT as the server lists it: the crypto defaults with BTC's contract size. */
const RULES = {
  ...BTC,
  liquidation_risk: '50',
  liquidation_fee_rate: CATEGORY_DEFAULTS.crypto.liquidation_fee_rate,
  price_band: CATEGORY_DEFAULTS.crypto.price_band,
};
const THRESHOLD = new Decimal(RULES.liquidation_risk);
const SIDES = ['long', 'short'] as const;
const zero = new Decimal(0);
const sum = (xs: readonly Decimal[]) => xs.reduce((a, b) => a.plus(b), zero);

/** A price in cents as a decimal with the pair's 2 places. */
const cents = (n: number) => new Decimal(n).div(100);

describe('trading rules: worked examples', () => {
  it('finds the largest notional a leverage allows in the crypto brackets', () => {
    const b = CATEGORY_DEFAULTS.crypto.brackets;
    expect(maxNotional(b, 100)!.toFixed()).toBe('50000');
    expect(maxNotional(b, 50)!.toFixed()).toBe('250000');
    expect(maxNotional(b, 20)!.toFixed()).toBe('1000000');
    expect(maxNotional(b, 10)!.toFixed()).toBe('5000000');
    expect(maxNotional(b, 5)!.toFixed()).toBe('20000000');
    // Between tiers, the tier of the next higher leverage: 75× is only allowed by the 100× tier.
    expect(maxNotional(b, 75)!.toFixed()).toBe('50000');
    expect(maxNotional(b, 30)!.toFixed()).toBe('250000');
    expect(maxNotional(b, 2)!.toFixed()).toBe('20000000');
    // Beyond every tier's leverage: nothing is allowed.
    expect(maxNotional(b, 101)).toBeNull();
    expect(maxNotional([], 5)).toBeNull();
  });

  it('caps the liquidation fee at what the account has left, never below zero, rounded down', () => {
    const fee = (equityLeft: string, mark = '60000', number = '0.1') =>
      liquidationFee({ mark, number, quoteUsdt: '1', rate: RULES.liquidation_fee_rate, equityLeft }).toFixed();
    // 6,000 USDT of value × 0.5 % = 30.
    expect(fee('100')).toBe('30');
    expect(fee('30')).toBe('30');
    expect(fee('12.5')).toBe('12.5');
    expect(fee('0')).toBe('0');
    expect(fee('-5')).toBe('0');
    // 1.23 × 0.001 × 0.005 = 0.00000615: down to 6 places, the user's favour.
    expect(fee('1', '1.23', '0.001')).toBe('0.000006');
  });

  it('fills a crossed limit at the better of limit and execution price', () => {
    // Long limit 60,100 with the mark at 60,000: execution 60,030 is better, the fill takes it.
    expect(limitFillPrice('long', '60100', '60000', BTC.spread, 2).toFixed()).toBe('60030');
    // Long limit 60,010: the limit is better than 60,030.
    expect(limitFillPrice('long', '60010', '60000', BTC.spread, 2).toFixed()).toBe('60010');
    expect(limitFillPrice('short', '59900', '60000', BTC.spread, 2).toFixed()).toBe('59970');
    expect(limitFillPrice('short', '59990', '60000', BTC.spread, 2).toFixed()).toBe('59990');
  });

  it('splits a shortfall between the fund and bad debt', () => {
    const s = (a: string, f: string) => {
      const r = splitShortfall(a, f);
      return [r.insurance.toFixed(), r.badDebt.toFixed()];
    };
    expect(s('10', '100')).toEqual(['10', '0']);
    expect(s('100', '40')).toEqual(['40', '60']);
    expect(s('5', '0')).toEqual(['0', '5']);
    expect(s('5', '-3')).toEqual(['0', '5']);
    expect(s('0', '10')).toEqual(['0', '0']);
  });
});

/** An open position or a resting limit order in the model. */
interface ModelTrade {
  id: number;
  side: FuturesSide;
  number: Decimal;
  multiple: number;
  status: 'open' | 'entrusted';
  open: Decimal | null;
  limit: Decimal | null;
  margin: Decimal;
  fee: Decimal;
}

/**
 * The futures account of one user on one pair, moved only by the domain formulas, as
 * server/futures/FuturesService.ts moves it: opens at `openCost` (a crossed limit at
 * `limitFillPrice`), resting fills by `restingFill`, liquidation when `mustLiquidate` at a tick
 * (winners first), and every close as `closeIn` splits it: margin ± P&L back, a liquidation's fee
 * to the fund capped by what is left, a shortfall to the fund then bad debt. Every flow is a
 * pair of legs, so the model's books must balance as the ledger's do.
 */
class Model {
  available: Decimal;
  frozen = zero;
  fees = zero;
  treasury = zero;
  badDebt = zero;
  fund: Decimal;
  trades: ModelTrade[] = [];
  private nextId = 1;
  readonly start: Decimal;
  /** What each liquidation or close did, for the properties. */
  readonly closes: { reason: string; fee: Decimal; shortfall: Decimal; insurance: Decimal; badDebt: Decimal; equityBefore: Decimal }[] = [];

  constructor(
    deposit: Decimal,
    fund: Decimal,
    public mark: Decimal,
    /**
     * 'byReturn' (FuturesService): the positions that return the most (margin + P&L) close first,
     * and each fee is capped by what the whole account has left, the losers still to close
     * included. 'byPnl': the order before the fix the properties found — winners first by P&L,
     * each fee capped by that close's margin ± P&L plus available.
     */
    private readonly order: 'byPnl' | 'byReturn' = 'byReturn',
  ) {
    this.available = deposit;
    this.fund = fund;
    this.start = deposit.plus(fund);
  }

  /** Everything in the books: constant (the deposit and the fund's opening balance). */
  total(): Decimal {
    return this.available.plus(this.frozen).plus(this.fees).plus(this.treasury).plus(this.fund).minus(this.badDebt);
  }

  open(): ModelTrade[] {
    return this.trades.filter((t) => t.status === 'open');
  }

  account(mark = this.mark) {
    const open = this.open();
    const m = sum(open.map((t) => t.margin));
    const pnl = sum(open.map((t) => profit(t.side, t.open!, mark, t.number, '1')));
    return { margin: m, pnl, equity: this.available.plus(m).plus(pnl), rate: riskRate(this.available, m, pnl) };
  }

  /** `submit`: a market order, or a limit (the caller keeps it within the band), at the current mark. */
  submit(side: FuturesSide, lots: number, multiple: number, limit: Decimal | null): 'ok' | 'refused' {
    const fillsNow = limit === null || marketable(side, limit, this.mark);
    const cost = openCost({
      side,
      price: limit === null ? this.mark : fillsNow ? limitFillPrice(side, limit, this.mark, RULES.spread, RULES.price_decimals) : limit,
      market: limit === null,
      lots,
      multiple,
      quoteUsdt: '1',
      settings: RULES,
    });
    if (this.available.lt(cost.total)) return 'refused';
    // Price improvement's promise: a fill is never worse than the execution price nor than the limit.
    if (fillsNow) {
      const exec = openPrice(side, this.mark, RULES.spread, RULES.price_decimals);
      if (side === 'long') expect(cost.price.lte(exec) && (limit === null || cost.price.lte(limit))).toBe(true);
      else expect(cost.price.gte(exec) && (limit === null || cost.price.gte(limit))).toBe(true);
    }
    this.available = this.available.minus(cost.total);
    const t: ModelTrade = {
      id: this.nextId++,
      side,
      number: cost.number,
      multiple,
      status: fillsNow ? 'open' : 'entrusted',
      open: fillsNow ? cost.price : null,
      limit,
      margin: cost.margin,
      fee: cost.fee,
    };
    if (fillsNow) {
      this.frozen = this.frozen.plus(cost.margin);
      this.fees = this.fees.plus(cost.fee);
    } else this.frozen = this.frozen.plus(cost.total);
    this.trades.push(t);
    return 'ok';
  }

  /** A market tick: the engine's fills of crossed limits, then the liquidation check. */
  tick(mark: Decimal): void {
    this.mark = mark;
    for (const t of this.trades) {
      if (t.status !== 'entrusted' || !marketable(t.side, t.limit!, mark)) continue;
      const f = restingFill({
        side: t.side,
        limit: t.limit!,
        mark,
        number: t.number,
        multiple: t.multiple,
        quoteUsdt: '1',
        frozenMargin: t.margin,
        frozenFee: t.fee,
        settings: RULES,
      });
      this.frozen = this.frozen.minus(f.fee).minus(f.release);
      this.available = this.available.plus(f.release);
      this.fees = this.fees.plus(f.fee);
      Object.assign(t, { status: 'open', open: f.price, margin: f.margin, fee: f.fee });
    }
    const { rate } = this.account();
    if (!mustLiquidate(rate, THRESHOLD)) return;
    const pnlOf = (t: ModelTrade) => profit(t.side, t.open!, mark, t.number, '1');
    if (this.order === 'byPnl') {
      const winnersFirst = [...this.open()].sort((a, b) => pnlOf(b).cmp(pnlOf(a)) || a.id - b.id);
      for (const t of winnersFirst) this.close(t, 'liquidation');
      return;
    }
    const backOf = (t: ModelTrade) => t.margin.plus(pnlOf(t));
    const queue = [...this.open()].sort((a, b) => backOf(b).cmp(backOf(a)) || a.id - b.id);
    while (queue.length) {
      const t = queue.shift()!;
      this.close(t, 'liquidation', stillOwed([t, ...queue].map(backOf), 0));
    }
  }

  /** `closeIn`, line by line. */
  close(t: ModelTrade, reason: 'liquidation' | 'manual', stillOwed = zero): void {
    const equityBefore = this.account().equity;
    const pnl = profit(t.side, t.open!, this.mark, t.number, '1');
    const back = t.margin.plus(pnl);
    const fee =
      reason === 'liquidation'
        ? liquidationFee({
            mark: this.mark,
            number: t.number,
            quoteUsdt: '1',
            rate: RULES.liquidation_fee_rate,
            equityLeft: this.available.plus(back).plus(stillOwed),
          })
        : zero;
    const { toAvailable, shortfall } = closeSplit(this.available, back, fee);
    const cover = shortfall.gt(0) ? splitShortfall(shortfall, this.fund) : { insurance: zero, badDebt: zero };
    // The legs of the close: the user, the treasury (the P&L's counterparty), the fund, bad debt.
    this.frozen = this.frozen.minus(t.margin);
    this.available = this.available.plus(toAvailable);
    this.treasury = this.treasury.minus(pnl);
    this.fund = this.fund.plus(fee).minus(cover.insurance);
    this.badDebt = this.badDebt.plus(cover.badDebt);
    this.trades = this.trades.filter((x) => x !== t);
    this.closes.push({ reason, fee, shortfall, insurance: cover.insurance, badDebt: cover.badDebt, equityBefore });
  }

  /** What must hold after every step. */
  check(): void {
    expect(this.available.gte(0)).toBe(true);
    expect(this.frozen.gte(0)).toBe(true);
    expect(this.fund.gte(0)).toBe(true);
    expect(this.badDebt.gte(0)).toBe(true);
    expect(this.frozen.toFixed()).toBe(sum(this.trades.map((t) => (t.status === 'open' ? t.margin : t.margin.plus(t.fee)))).toFixed());
    expect(this.total().toFixed()).toBe(this.start.toFixed());
  }
}

/** One step of a path: a move of the mark (a tick), an order, or a manual close. */
type Step =
  | { kind: 'tick'; move: number }
  | { kind: 'order'; side: FuturesSide; lots: number; multiple: number; limit: number | null }
  | { kind: 'close'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('tick' as const), move: fc.double({ min: -0.35, max: 0.35, noNaN: true }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      side: fc.constantFrom(...SIDES),
      lots: fc.integer({ min: 1, max: 50 }),
      multiple: fc.constantFrom(...CATEGORY_DEFAULTS.crypto.multiples),
      // A limit within the ±20 % band (some marketable, some resting), or a market order.
      limit: fc.option(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }) },
);

// Hundreds of generated paths each: seconds of CPU on a quiet machine, many more on a busy one
// (one timed out at the default 5 s beside a server suite). The limit catches a hang, not slowness.
describe('trading rules: properties', { timeout: 120_000 }, () => {
  it('a user never loses more than they put in, on any path of marks and orders, and the books balance', () => {
    const seen = { liquidations: 0, shortfalls: 0, badDebt: 0, resting: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_00, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(stepArb, { minLength: 1, maxLength: 60 }),
        (startCents, deposit, fund, steps) => {
          const m = new Model(new Decimal(deposit), new Decimal(fund), cents(startCents));
          for (const s of steps) {
            if (s.kind === 'tick') {
              const next = m.mark.mul(1 + s.move).toDecimalPlaces(2);
              m.tick(Decimal.max(next, '0.01'));
            } else if (s.kind === 'order') {
              const limit = s.limit === null ? null : m.mark.mul(1 + s.limit).toDecimalPlaces(2);
              if (limit && checkBand('limit', limit, m.mark, RULES.price_band, 2)) continue;
              m.submit(s.side, s.lots, s.multiple, limit);
            } else {
              const open = m.open();
              if (open.length) m.close(open[s.pick % open.length]!, 'manual');
            }
            m.check();
          }
          // The fee never makes a shortfall: a close with a shortfall took no fee; the fund covers
          // as far as it holds and only then is there bad debt.
          seen.resting += m.trades.filter((t) => t.status === 'entrusted').length;
          for (const c of m.closes) {
            if (c.reason === 'liquidation') seen.liquidations++;
            if (c.shortfall.gt(0)) seen.shortfalls++;
            if (c.badDebt.gt(0)) seen.badDebt++;
            expect(c.fee.gte(0)).toBe(true);
            if (c.shortfall.gt(0)) expect(c.fee.isZero()).toBe(true);
            expect(c.insurance.plus(c.badDebt).toFixed()).toBe(c.shortfall.toFixed());
          }
          // What the user lost is at most what they put in.
          const left = m.available.plus(m.frozen);
          expect(new Decimal(deposit).minus(left).lte(deposit)).toBe(true);
        },
      ),
      { numRuns: 400, seed: 30_7 },
    );
    // The paths reached every branch: liquidations, gaps past bankruptcy, a fund too small, resting orders.
    expect(Math.min(seen.liquidations, seen.shortfalls, seen.badDebt, seen.resting)).toBeGreaterThan(0);
  });

  it('a crossed limit fills at the better of its limit and the execution price, never worse than either', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIDES),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: -0.25, max: 0.25, noNaN: true }),
        fc.constantFrom('0', '0.0002', '0.0005', '0.001'),
        fc.integer({ min: 0, max: 6 }),
        (side, markUnits, offset, spread, pd) => {
          const mark = new Decimal(markUnits).div(new Decimal(10).pow(pd));
          const limit = Decimal.max(mark.mul(1 + offset).toDecimalPlaces(pd), new Decimal(1).div(new Decimal(10).pow(pd)));
          const fill = limitFillPrice(side, limit, mark, spread, pd);
          const exec = openPrice(side, mark, spread, pd);
          if (side === 'long') {
            expect(fill.lte(exec)).toBe(true);
            expect(fill.lte(limit)).toBe(true);
            expect(fill.eq(Decimal.min(exec, limit))).toBe(true);
          } else {
            expect(fill.gte(exec)).toBe(true);
            expect(fill.gte(limit)).toBe(true);
            expect(fill.eq(Decimal.max(exec, limit))).toBe(true);
          }
          expect(fill.decimalPlaces()).toBeLessThanOrEqual(pd);
        },
      ),
      { numRuns: 1000, seed: 30_71 },
    );
  });

  it('a resting fill never charges more margin or fee than was frozen, and releases the rest', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIDES),
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(...CATEGORY_DEFAULTS.crypto.multiples),
        (side, placedCents, offset, later, lots, multiple) => {
          const placed = cents(placedCents);
          const limit = Decimal.max(placed.mul(1 + offset).toDecimalPlaces(2), '0.01');
          // What `submit` froze for the resting order: margin and fee at its limit.
          const frozen = openCost({ side, price: limit, market: false, lots, multiple, quoteUsdt: '1', settings: RULES });
          const mark = Decimal.max(limit.mul(1 + later).toDecimalPlaces(2), '0.01');
          if (!marketable(side, limit, mark)) return;
          const f = restingFill({
            side,
            limit,
            mark,
            number: frozen.number,
            multiple,
            quoteUsdt: '1',
            frozenMargin: frozen.margin,
            frozenFee: frozen.fee,
            settings: RULES,
          });
          expect(f.margin.lte(frozen.margin)).toBe(true);
          expect(f.fee.lte(frozen.fee)).toBe(true);
          expect(f.release.gte(0)).toBe(true);
          expect(f.margin.plus(f.fee).plus(f.release).toFixed()).toBe(frozen.total.toFixed());
          expect(f.price.eq(limitFillPrice(side, limit, mark, RULES.spread, 2))).toBe(true);
          // At a crossed mark the fill is at or better than the limit, so it never needs more than was frozen.
          expect(side === 'long' ? f.price.lte(limit) : f.price.gte(limit)).toBe(true);
        },
      ),
      { numRuns: 1000, seed: 30_72 },
    );
  });

  /**
   * The fund pays only on gaps: when consecutive marks move the account's equity by less than
   * the half of its margin between the 50 % threshold and bankruptcy, the liquidation finds the
   * account solvent and needs no shortfall, its fees are ≥ 0 and the fund grows or stays.
   */
  const gapsOnly = (order: 'byPnl' | 'byReturn') => {
    let liquidated = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_00, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(
          fc.record({
            side: fc.constantFrom(...SIDES),
            lots: fc.integer({ min: 1, max: 20 }),
            multiple: fc.constantFrom(5, 10, 20, 50, 100),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        // Moves as fractions of the largest allowed step, drifting one way (so accounts do get liquidated).
        fc.constantFrom(-1, 1),
        fc.array(fc.double({ min: -0.4, max: 1, noNaN: true }), { minLength: 100, maxLength: 300 }),
        fc.integer({ min: 0, max: 1_000 }),
        (startCents, extraCents, orders, drift, moves, fund) => {
          const m = new Model(zero, new Decimal(fund), cents(startCents), order);
          // Enough for the orders and a little more.
          for (const o of orders) {
            const cost = openCost({
              side: o.side,
              price: m.mark,
              market: true,
              lots: o.lots,
              multiple: o.multiple,
              quoteUsdt: '1',
              settings: RULES,
            });
            m.available = m.available.plus(cost.total);
          }
          m.available = m.available.plus(cents(extraCents));
          (m as { start: Decimal }).start = m.available.plus(m.fund);
          for (const o of orders) expect(m.submit(o.side, o.lots, o.multiple, null)).toBe('ok');
          m.tick(m.mark);
          for (const x of moves) {
            const open = m.open();
            if (!open.length) break;
            // Between ticks the account's equity may change by less than the half of its margin
            // that lies between the 50 % threshold and bankruptcy: |Δmark| × Σ number < ½ Σ margin.
            const { margin: totalMargin } = m.account();
            const numbers = sum(open.map((t) => t.number));
            const bound = totalMargin.div(2).div(numbers).mul(0.9);
            const next = m.mark.plus(bound.mul(x * drift)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
            if (next.lte(0)) break;
            const before = m.closes.length;
            m.tick(next);
            m.check();
            for (const c of m.closes.slice(before)) {
              expect(c.reason).toBe('liquidation');
              expect(c.shortfall.isZero()).toBe(true);
              expect(c.fee.gte(0)).toBe(true);
            }
            if (m.closes.length > before) {
              liquidated++;
              // The account was solvent at the liquidation, and the fund grew or stayed.
              expect(m.closes[before]!.equityBefore.gte(0)).toBe(true);
              expect(m.fund.gte(fund)).toBe(true);
              expect(m.badDebt.isZero()).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300, seed: 30_73 },
    );
    expect(liquidated).toBeGreaterThan(20);
  };

  // Counterexample (fast-check, seed 307 3): mark 1,000; two BTC longs of 1 lot, one at 100× and
  // one at 5×, nothing else available; the mark falls in small steps to 947.97. The account is
  // solvent (equity 1.05 USDT) but the 100× position closes first (equal P&L, lower id) with margin
  // − loss = −0.43: the fund pays 0.43, then the 5× one returns 1.43 to the user.
  // FuturesService now closes by what each position returns; the old order is kept in the model
  // to show the property finds it.
  it.fails('ordering a liquidation by P&L alone (the order before the fix) lets a solvent account draw on the fund', () =>
    gapsOnly('byPnl'),
  );

  it('the fund pays only on gaps, when a liquidation closes by margin + P&L and caps fees by what the account has left', () =>
    gapsOnly('byReturn'));

  it('liquidates a solvent account of two longs without drawing on the fund (the counterexample, as the server closes it now)', () => {
    const m = new Model(zero, new Decimal(100), new Decimal(1000));
    for (const multiple of [100, 5]) {
      m.available = m.available.plus(
        openCost({ side: 'long', price: '1000', market: true, lots: 1, multiple, quoteUsdt: '1', settings: RULES }).total,
      );
    }
    (m as { start: Decimal }).start = m.available.plus(m.fund);
    m.submit('long', 1, 100, null);
    m.submit('long', 1, 5, null);
    expect(m.available.toFixed()).toBe('0');
    const before = m.account(new Decimal('947.97'));
    expect(before.equity.gt(0)).toBe(true);
    expect(mustLiquidate(before.rate, THRESHOLD)).toBe(true);
    m.tick(new Decimal('947.97'));
    m.check();
    expect(m.closes.map((c) => c.shortfall.toFixed())).toEqual(['0', '0']);
  });

  it('splitShortfall: the fund covers as far as it reaches, bad debt only beyond it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 10_000_000 }), fc.integer({ min: -1_000_000, max: 10_000_000 }), (s, f) => {
        const shortfall = new Decimal(s).div(1_000_000);
        const fund = new Decimal(f).div(1_000_000);
        const { insurance, badDebt } = splitShortfall(shortfall, fund);
        expect(insurance.gte(0) && badDebt.gte(0)).toBe(true);
        expect(insurance.plus(badDebt).toFixed()).toBe(Decimal.max(shortfall, 0).toFixed());
        expect(insurance.lte(Decimal.max(fund, 0))).toBe(true);
        if (badDebt.gt(0)) expect(insurance.eq(Decimal.max(fund, 0))).toBe(true);
      }),
      { numRuns: 1000, seed: 30_74 },
    );
  });
});
