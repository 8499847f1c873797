/**
 * Dual investment's two sides named as Binance and OKX name them: "Buy low"
 * invests the quote coin (USDT) to buy the base below the market, "Sell high" invests the base
 * coin (BTC) to sell it above. The labels in every language, the coin each side invests, and the
 * the worked example (1 BTC, 7 days at 36.5 %, linked 70,000) on both sides.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../domain/i18n';
import { DUAL_TAB_ORDER, dualInvestedCoin, dualPayout, dualPayoutValue } from '../../domain/invest/formulas';

const BUY_LOW: Record<string, string> = {
  en: 'Buy low',
  zh: '低买',
  hk: '低買',
  jp: '安く買う',
  kor: '저가 매수',
  th: 'ซื้อต่ำ',
  vi: 'Mua thấp',
  fra: 'Acheter bas',
  spa: 'Comprar bajo',
};
const SELL_HIGH: Record<string, string> = {
  en: 'Sell high',
  zh: '高卖',
  hk: '高賣',
  jp: '高く売る',
  kor: '고가 매도',
  th: 'ขายสูง',
  vi: 'Bán cao',
  fra: 'Vendre haut',
  spa: 'Vender alto',
};
const decimals = { base: 8, quote: 6 };
const EXAMPLE = { days: 7, apr: '0.365', linked: '70000' };

function investJson(lang: string): { type: Record<string, string>; help: Record<string, string> } {
  return JSON.parse(readFileSync(path.resolve(__dirname, '../../locales', lang, 'invest.json'), 'utf8')) as never;
}

describe('dual investment sides', () => {
  it('invests the quote coin on the put ("Buy low") and the base coin on the call ("Sell high")', () => {
    expect(dualInvestedCoin('put')).toBe('quote');
    expect(dualInvestedCoin('call')).toBe('base');
    // Binance and OKX list "Buy low" first.
    expect(DUAL_TAB_ORDER).toEqual(['put', 'call']);
  });

  it.each(LANGS)('names the side that invests USDT "Buy low" and the one that invests BTC "Sell high" in %s', (lang) => {
    const json = investJson(lang);
    const buyLow = (['call', 'put'] as const).find((t) => dualInvestedCoin(t) === 'quote')!;
    const sellHigh = (['call', 'put'] as const).find((t) => dualInvestedCoin(t) === 'base')!;
    expect(json.type[buyLow]).toBe(BUY_LOW[lang]);
    expect(json.type[sellHigh]).toBe(SELL_HIGH[lang]);
    expect(json.help.putTitle).toContain(BUY_LOW[lang]);
    expect(json.help.callTitle).toContain(SELL_HIGH[lang]);
  });

  it('settles "Sell high" as the worked example: 1 BTC pays 1.007 BTC below the linked price, 70,490 USDT at or above', () => {
    const below = dualPayout('call', '1', EXAMPLE.linked, '69999.99', EXAMPLE.days, EXAMPLE.apr, decimals);
    expect(below).toEqual({ coin: 'base', amount: expect.anything() });
    expect(below.amount.toFixed()).toBe('1.007');
    for (const at of ['70000', '70000.01', '90000']) {
      const above = dualPayout('call', '1', EXAMPLE.linked, at, EXAMPLE.days, EXAMPLE.apr, decimals);
      expect(above.coin).toBe('quote');
      expect(above.amount.toFixed()).toBe('70490');
    }
  });

  it('settles "Buy low", the mirror: 70,000 USDT pays 1.007 BTC at or below the linked price, 70,490 USDT above', () => {
    for (const at of ['70000', '69999.99', '50000']) {
      const low = dualPayout('put', '70000', EXAMPLE.linked, at, EXAMPLE.days, EXAMPLE.apr, decimals);
      expect(low.coin).toBe('base');
      expect(low.amount.toFixed()).toBe('1.007');
    }
    const high = dualPayout('put', '70000', EXAMPLE.linked, '70000.01', EXAMPLE.days, EXAMPLE.apr, decimals);
    expect(high.coin).toBe('quote');
    expect(high.amount.toFixed()).toBe('70490');
  });

  it('draws the payoff picture the way each side is named: Buy low is worth less below the linked price, Sell high is capped above it', () => {
    const worth = (type: 'call' | 'put', amount: string, at: string) =>
      dualPayoutValue(dualPayout(type, amount, EXAMPLE.linked, at, EXAMPLE.days, EXAMPLE.apr, decimals), at).toFixed();
    // Sell high: above the linked price the BTC was sold there, so the worth no longer rises.
    expect(worth('call', '1', '80000')).toBe(worth('call', '1', '90000'));
    expect(worth('call', '1', '60000')).toBe('60420');
    // Buy low: below the linked price the USDT bought BTC, so the worth falls with the price.
    expect(worth('put', '70000', '80000')).toBe(worth('put', '70000', '90000'));
    expect(worth('put', '70000', '60000')).toBe('60420');
  });
});
