import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import {
  checkStops,
  handlingFee,
  liquidationPrice,
  margin,
  openCost,
  openPrice,
  overnightFee,
  profit,
  riskRate,
  stopTriggered,
} from '../../domain/futures/formulas';

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
