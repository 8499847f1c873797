/**
 * The NFT market's rules: the spec's window helper, the bid rule, the
 * anti-sniping extension, the fee and forfeit splits, and the blind box's commit–derive–reveal
 * with a known vector and property tests (the odds hold over many draws; a tampered opening is found).
 */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { boxDraw, commitmentOf, oddsValid, openingOutcome, rarityOfDraw, verifyOpenings } from '../../domain/nft/blindBox';
import { amountDue, extendedEnd, forfeitSplit, maskName, minimumBid, saleSplit, saleState, saleWindow } from '../../domain/nft/formulas';
import { NFT_ANTI_SNIPE_MS, type NftRarity } from '../../domain/nft/types';

const ODDS: { rarity: NftRarity; weight: number }[] = [
  { rarity: 'N', weight: 6000 },
  { rarity: 'R', weight: 3000 },
  { rarity: 'SR', weight: 900 },
  { rarity: 'SSR', weight: 100 },
];
const SEED = 'a'.repeat(64);

describe('the sale window', () => {
  it('is 2 before the start, 0 after the end, and the on-sale flag within', () => {
    expect(saleWindow(1000, 2000, true, 999)).toBe(2);
    expect(saleWindow(1000, 2000, false, 999)).toBe(2);
    expect(saleWindow(1000, 2000, true, 1000)).toBe(1);
    expect(saleWindow(1000, 2000, false, 1500)).toBe(0);
    expect(saleWindow(1000, 2000, true, 2000)).toBe(0);
    expect(saleWindow(1000, null, true, 10 ** 13)).toBe(1);
    expect(saleState(1000, 2000, 999)).toBe('not_started');
    expect(saleState(1000, 2000, 1999)).toBe('started');
    expect(saleState(1000, 2000, 2000)).toBe('ended');
  });
});

describe('bids', () => {
  it('must reach the starting price first, then the current bid plus the increment', () => {
    expect(minimumBid('100', null, '5').toFixed()).toBe('100');
    expect(minimumBid('100', '120', '5').toFixed()).toBe('125');
  });

  it('move the end one minute later only in the last minute', () => {
    const end = 1_000_000;
    expect(extendedEnd(end, end - NFT_ANTI_SNIPE_MS - 1)).toBe(end);
    expect(extendedEnd(end, end - NFT_ANTI_SNIPE_MS)).toBe(end + NFT_ANTI_SNIPE_MS);
    expect(extendedEnd(end, end - 1)).toBe(end + NFT_ANTI_SNIPE_MS);
  });
});

describe('money splits', () => {
  it('takes the fee rounded down and pays the seller the rest: they sum to the price', () => {
    expect(saleSplit('100', '0.025', 2)).toEqual({ fee: new Decimal('2.5'), proceeds: new Decimal('97.5') });
    expect(saleSplit('0.33', '0.025', 2).fee.toFixed()).toBe('0');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 1000 }), (cents, permille) => {
        const price = new Decimal(cents).div(100);
        const { fee, proceeds } = saleSplit(price, new Decimal(permille).div(1000), 2);
        expect(fee.plus(proceeds).eq(price) && fee.gte(0) && fee.decimalPlaces() <= 2).toBe(true);
      }),
    );
  });

  it('owes the bid less the margin, and splits a forfeited margin into parts that sum to it', () => {
    expect(amountDue('250', '50').toFixed()).toBe('200');
    expect(forfeitSplit('50', '0.5', 2)).toEqual({ seller: new Decimal(25), platform: new Decimal(25) });
    expect(forfeitSplit('0.01', '0.5', 2)).toEqual({ seller: new Decimal(0), platform: new Decimal('0.01') });
  });

  it('masks names', () => {
    expect(maskName('aurora')).toBe('a***a');
    expect(maskName('王')).toBe('王***');
  });
});

describe('blind boxes: commit, derive, reveal', () => {
  it('matches an independent computation with node:crypto', () => {
    const seed = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    const mac = createHmac('sha256', Buffer.from(seed, 'hex')).update('7:42').digest();
    expect(boxDraw(seed, 7, 42)).toBe(Number(mac.readBigUInt64BE(0) % 10000n));
  });

  it('maps a draw to the rarity whose cumulative weight first exceeds it', () => {
    expect(rarityOfDraw(0, ODDS)?.rarity).toBe('N');
    expect(rarityOfDraw(5999, ODDS)?.rarity).toBe('N');
    expect(rarityOfDraw(6000, ODDS)?.rarity).toBe('R');
    expect(rarityOfDraw(9899, ODDS)?.rarity).toBe('SR');
    expect(rarityOfDraw(9999, ODDS)?.rarity).toBe('SSR');
    expect(oddsValid(ODDS)).toBe(true);
    expect(oddsValid([{ rarity: 'N', weight: 9999 }])).toBe(false);
    expect(oddsValid([...ODDS.slice(0, 3), { rarity: 'N', weight: 100 }])).toBe(false);
  });

  it('gives outcomes in the published proportions over many openings', () => {
    const counts = new Map<string, number>();
    for (let order = 1; order <= 20_000; order++) {
      const r = openingOutcome(SEED, 3, order, ODDS).rarity!;
      counts.set(r, (counts.get(r) ?? 0) + 1);
    }
    // Within 5 standard deviations of the expectation for each rarity.
    for (const { rarity, weight } of ODDS) {
      const p = weight / 10_000;
      const sd = Math.sqrt(20_000 * p * (1 - p));
      expect(Math.abs((counts.get(rarity) ?? 0) - 20_000 * p)).toBeLessThan(5 * sd);
    }
  });

  it('verifies honest openings and finds a tampered one or a wrong seed', () => {
    const box = { id: 9, commitment: commitmentOf(SEED), seed: SEED };
    const openings = [1, 2, 3, 4, 5].map((order_id) => ({ order_id, rarity: openingOutcome(SEED, 9, order_id, ODDS).rarity! }));
    expect(verifyOpenings(box, ODDS, openings)).toEqual({ seedMatches: true, mismatches: [] });
    const tampered = openings.map((o, i) => (i === 2 ? { ...o, rarity: (o.rarity === 'SSR' ? 'N' : 'SSR') as NftRarity } : o));
    expect(verifyOpenings(box, ODDS, tampered).mismatches.map((m) => m.opening.order_id)).toEqual([3]);
    expect(verifyOpenings({ ...box, seed: 'b'.repeat(64) }, ODDS, openings).seedMatches).toBe(false);
  });
});
