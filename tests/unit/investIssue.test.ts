/** The day's dual issue (server/invest/issue.ts): maturity at 08:00 UTC `days` after the sale closes, linked prices around the market. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { DAY_MS } from '../../domain/time';
import { issueSet, priceStep, saleEndsAt } from '../../server/invest/issue';

describe('dual issue', () => {
  const now = Date.UTC(2026, 0, 10, 15, 30);
  it('closes the sale at 08:00 UTC the next day; each product matures `days` days later', () => {
    expect(saleEndsAt(now)).toBe(Date.UTC(2026, 0, 11, 8));
    for (const p of issueSet('BTC', '67250.00', now)) expect(p.maturity_at).toBe(Date.UTC(2026, 0, 11, 8) + p.days * DAY_MS);
  });
  it('rounds linked prices to three significant digits: calls up above the market, puts down below it', () => {
    expect(priceStep(new Decimal('67250')).toFixed()).toBe('100');
    expect(priceStep(new Decimal('3480')).toFixed()).toBe('10');
    const set = issueSet('BTC', '67250.00', now);
    expect(set).toHaveLength(12);
    const call1 = set.filter((p) => p.type === 'call' && p.days === 1).map((p) => p.linked_price);
    const put1 = set.filter((p) => p.type === 'put' && p.days === 1).map((p) => p.linked_price);
    expect(call1).toEqual(['68600', '70000']);
    expect(put1).toEqual(['65900', '64500']);
    expect(set.find((p) => p.type === 'call')!.share_price).toBe('0.01');
    expect(issueSet('ETH', '3480', now).find((p) => p.type === 'call')!.share_price).toBe('0.1');
    expect(issueSet('DOGE', '0.1', now)).toEqual([]);
  });
});
