import type { Random } from './random';

const SECONDS_PER_YEAR = 365 * 24 * 3600;
/** Pull back toward the listing price, per year: keeps a long-running simulation plausible. */
const MEAN_REVERSION_PER_YEAR = 4;

/**
 * A mean-reverting geometric random walk. The latent level is a float (a simulation
 * parameter), but every price it publishes is a whole number of ticks.
 */
export class PriceWalk {
  private logLevel: number;
  private readonly logAnchor: number;

  constructor(
    startTicks: number,
    anchorTicks: number,
    private readonly volatility: number,
  ) {
    this.logLevel = Math.log(startTicks);
    this.logAnchor = Math.log(anchorTicks);
  }

  /** Current price in ticks (at least one tick). */
  get ticks(): number {
    return Math.max(1, Math.round(Math.exp(this.logLevel)));
  }

  /** Puts the walk at `ticks` (a node taking over the market continues from the last relayed price). */
  moveTo(ticks: number): void {
    this.logLevel = Math.log(Math.max(1, ticks));
  }

  /** Moves the walk forward by `seconds` and returns the new price in ticks. */
  step(seconds: number, random: Random): number {
    const dt = seconds / SECONDS_PER_YEAR;
    this.logLevel += -MEAN_REVERSION_PER_YEAR * (this.logLevel - this.logAnchor) * dt + this.volatility * Math.sqrt(dt) * random.gaussian();
    return this.ticks;
  }
}
