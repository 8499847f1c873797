/**
 * The simulated market's prices. The simulation moves the pairs it trades itself, one trade each
 * through the market's test seam (`market.tradeAt`), so the price record, the ticks the engines
 * see and the audit all hold exactly these prices. Moves are a random walk drawn from the action
 * that causes them (never from a shared stream), scaled by the time that passed, plus flash moves
 * that jump one pair by many percent at once. Prices are market data, not money: a float walk
 * rounded to the pair's decimals, as the market simulator's own walk is.
 */
import type { MarketPair } from '../../domain/market/types';
import type { Rng } from './rng';
import type { World } from './world';

/** The pairs the simulation trades: the futures and options majors, the loan collaterals, the dual underlyings. */
export const SIM_SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'LTC/USDT'] as const;

/** Annualised volatility of the simulated walk: a few times a real crypto market's, so engines have work. */
const ANNUAL_VOLATILITY = 2;
const SECONDS_PER_YEAR = 365 * 86_400;

export class PriceModel {
  private readonly current = new Map<string, number>();

  constructor(private readonly world: World) {}

  pair(symbol: string): MarketPair {
    const pair = this.world.app.market.pairBySymbol(symbol);
    if (!pair) throw new Error(`no pair ${symbol}`);
    return pair;
  }

  /** The price the simulation last traded (the market's own before its first move). */
  price(symbol: string): number {
    const known = this.current.get(symbol);
    if (known !== undefined) return known;
    const last = Number(this.world.app.market.ticker(symbol)?.price ?? '0');
    this.current.set(symbol, last);
    return last;
  }

  /** The price as the pair writes it. */
  text(symbol: string, price = this.price(symbol)): string {
    return price.toFixed(this.pair(symbol).price_decimals);
  }

  /** One trade per pair after `seconds` of the walk. */
  walk(seconds: number, rng: Rng): void {
    const sigma = ANNUAL_VOLATILITY * Math.sqrt(Math.max(seconds, 1) / SECONDS_PER_YEAR);
    for (const symbol of SIM_SYMBOLS) this.trade(symbol, this.price(symbol) * Math.exp(sigma * rng.gaussian()));
  }

  /** A flash move of `symbol` by `percent` (e.g. -12.5), in one trade. */
  flash(symbol: string, percent: number): void {
    this.trade(symbol, this.price(symbol) * (1 + percent / 100));
  }

  private trade(symbol: string, raw: number): void {
    const decimals = this.pair(symbol).price_decimals;
    const floor = 10 ** -decimals;
    const price = Math.max(raw, floor * 10);
    const text = price.toFixed(decimals);
    this.current.set(symbol, Number(text));
    this.world.app.market.tradeAt(symbol, text);
  }
}
