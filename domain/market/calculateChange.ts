import { Decimal } from '../decimal';

/** 24 h change in percent with 2 decimals, signed: `(last - open) / open × 100`. `"0.00"` when open is zero. */
export function calculateChangePercent(last: string, open: string): string {
  const o = new Decimal(open);
  if (o.isZero()) return '0.00';
  return new Decimal(last).minus(o).div(o).mul(100).toFixed(2);
}
