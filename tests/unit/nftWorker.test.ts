/**
 * The NFT worker (worker/nft/): the bid preview refuses what the server refuses (below
 * the current bid plus the increment, the coin's decimals), the resale preview splits the price as
 * the server pays it (`saleSplit`), the blind-box preview prices and refuses like the server, the
 * verification run reads every page of openings and finds 0 mismatches on an honest box and the
 * tampered opening of a dishonest one, and the auction slice keeps each watched auction's state
 * with the live bids newest first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { commitmentOf, openingOutcome } from '../../domain/nft/blindBox';
import { saleSplit } from '../../domain/nft/formulas';
import type { NftAuctionLive, NftBid, NftBoxOpening, NftRarity } from '../../domain/nft/types';
import { AuctionSlice, LIVE_BIDS_KEPT } from '../../worker/nft/AuctionSlice';
import { previewBid, previewBox, previewResale } from '../../worker/nft/preview';
import { OPENINGS_PAGE_SIZE, verifyBox } from '../../worker/nft/verify';
import { createWorkerState } from '../../worker/state';

const ODDS: { rarity: NftRarity; weight: number }[] = [
  { rarity: 'N', weight: 6000 },
  { rarity: 'R', weight: 3000 },
  { rarity: 'SR', weight: 900 },
  { rarity: 'SSR', weight: 100 },
];
const SEED = '0f'.repeat(32);

describe('bid preview', () => {
  const auction = { currency: 'USDT', decimals: 2, start: '10', increment: '1' };
  it('asks for the starting price before the first bid', () => {
    expect(previewBid({ ...auction, price: '10', bid: null }, 'en')).toMatchObject({ problem: null, min: '10' });
    expect(previewBid({ ...auction, price: '9.99', bid: null }, 'en').problem).toBe('bidTooLow');
  });
  it('refuses a bid equal to the current bid or below it plus the increment', () => {
    expect(previewBid({ ...auction, price: '12', bid: '12' }, 'en')).toMatchObject({ problem: 'bidTooLow', min: '13', minText: '13 USDT' });
    expect(previewBid({ ...auction, price: '12.99', bid: '12' }, 'en').problem).toBe('bidTooLow');
    expect(previewBid({ ...auction, price: '13', bid: '12' }, 'en').problem).toBeNull();
  });
  it('says what the bid would freeze beyond the margin until outbid (covered bids)', () => {
    expect(previewBid({ ...auction, price: '12.5', bid: null, margin: '2' }, 'en').frozenText).toBe('10.5 USDT');
    expect(previewBid({ ...auction, price: '10', bid: null, margin: '10' }, 'en').frozenText).toBe('0 USDT');
    expect(previewBid({ ...auction, price: 'abc', bid: null, margin: '2' }, 'en').frozenText).toBeNull();
  });
  it('refuses more decimals than the coin has, and what is not an amount', () => {
    expect(previewBid({ ...auction, price: '13.001', bid: '12' }, 'en').problem).toBe('amountDecimals');
    expect(previewBid({ ...auction, price: 'abc', bid: '12' }, 'en').problem).toBe('amountInvalid');
    expect(previewBid({ ...auction, price: '', bid: '12' }, 'en').problem).toBe('amountRequired');
  });
  it('accepts exactly the bids at or above the least next bid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 10 ** 7 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: -300, max: 300 }),
        (bid, inc, delta) => {
          const current = new Decimal(bid).div(100);
          const increment = new Decimal(inc).div(100);
          const price = current.plus(increment).plus(new Decimal(delta).div(100));
          if (price.lte(0)) return;
          const p = previewBid(
            { currency: 'USDT', decimals: 2, start: '10', increment: increment.toFixed(), bid: current.toFixed(), price: price.toFixed() },
            'en',
          );
          expect(p.problem === null).toBe(price.gte(current.plus(increment)));
        },
      ),
    );
  });
});

describe('resale preview', () => {
  it('splits the price into the fee (rounded down) and what the seller receives, as the server pays', () => {
    const p = previewResale({ price: '123.45', currency: 'USDT', decimals: 2, fee_rate: '0.025' }, 'en');
    expect(p).toMatchObject({ problem: null, feeText: '3.08 USDT', proceedsText: '120.37 USDT' });
  });
  it('matches saleSplit for any price at the coin decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), (cents) => {
        const price = new Decimal(cents).div(100).toFixed();
        const { fee, proceeds } = saleSplit(price, '0.025', 2);
        const p = previewResale({ price, currency: 'USDT', decimals: 2, fee_rate: '0.025' }, 'en');
        expect(p.feeText.replace(/,/g, '')).toBe(`${fee.toFixed()} USDT`);
        expect(p.proceedsText.replace(/,/g, '')).toBe(`${proceeds.toFixed()} USDT`);
        expect(fee.plus(proceeds).eq(price)).toBe(true);
      }),
    );
  });
  it('refuses a price with too many decimals', () => {
    expect(previewResale({ price: '1.234', currency: 'USDT', decimals: 2, fee_rate: '0.025' }, 'en')).toMatchObject({
      problem: 'amountDecimals',
      feeText: '--',
    });
  });
});

describe('blind-box preview', () => {
  const box = { price: '5', currency: 'USDT', decimals: 2, remaining: 3, available: '12' };
  it('costs price × quantity and refuses more than is left or than the balance pays', () => {
    expect(previewBox({ ...box, quantity: 2 }, 'en')).toMatchObject({ problem: null, total: '10', totalText: '10 USDT' });
    expect(previewBox({ ...box, quantity: 3 }, 'en').problem).toBe('insufficient');
    expect(previewBox({ ...box, quantity: 4, available: '100' }, 'en').problem).toBe('soldOut');
    expect(previewBox({ ...box, quantity: 11, remaining: 50, available: '1000' }, 'en').problem).toBe('quantity');
    expect(previewBox({ ...box, quantity: 2, available: null }, 'en').problem).toBeNull();
  });
});

/** An honest box's openings, served page by page like getBindBoxQuotationLog. */
function openingsOf(boxId: number, count: number, tamper?: number) {
  const rows: NftBoxOpening[] = Array.from({ length: count }, (_, i) => {
    const order_id = 1000 + i;
    const rarity = openingOutcome(SEED, boxId, order_id, ODDS).rarity!;
    const forged: NftRarity = rarity === 'SSR' ? 'N' : 'SSR';
    return {
      id: order_id,
      order_id,
      box_id: boxId,
      user: 'a***z',
      rarity: order_id === tamper ? forged : rarity,
      artwork_id: 1,
      title: 'x',
      edition: i + 1,
      opened_at: 0,
    };
  });
  const pages: number[] = [];
  const read = (_: number, page: number, limit: number): Promise<Page<NftBoxOpening>> => {
    pages.push(page);
    return Promise.resolve({ data: rows.slice((page - 1) * limit, page * limit), page, limit, total: rows.length });
  };
  return { read, pages };
}

describe('blind-box verification', () => {
  const box = {
    id: 7,
    commitment: commitmentOf(SEED),
    seed: SEED,
    odds: ODDS.map((o) => ({ ...o, probability: '0', title: '', type: 'image' as const, media: '', poster: null })),
  };

  it('reads every page and finds 0 mismatches on an honest box', async () => {
    const source = openingsOf(7, 250);
    const result = await verifyBox(box, source.read);
    expect(result).toEqual({ seedMatches: true, checked: 250, mismatches: [] });
    expect(source.pages).toEqual([1, 2, 3]);
    expect(OPENINGS_PAGE_SIZE).toBe(100);
  });
  it('finds a tampered opening', async () => {
    const result = await verifyBox(box, openingsOf(7, 120, 1042).read);
    expect(result?.mismatches).toHaveLength(1);
    expect(result?.mismatches[0]?.order_id).toBe(1042);
  });
  it('reports a seed that does not match the commitment', async () => {
    const result = await verifyBox({ ...box, commitment: commitmentOf('1'.repeat(64)) }, openingsOf(7, 5).read);
    expect(result?.seedMatches).toBe(false);
    expect(result?.mismatches).toHaveLength(5);
  });
  it('waits for the reveal', async () => {
    expect(await verifyBox({ ...box, seed: null }, openingsOf(7, 5).read)).toBeNull();
  });
});

describe('auction slice', () => {
  const live = (bid: string, last: NftBid | null, ends_at = 60_000): NftAuctionLive => ({
    sale_id: 5,
    status: 'listed',
    bid,
    bidder: 'b***r',
    bids: 1,
    min_bid: new Decimal(bid).plus(1).toFixed(),
    ends_at,
    extensions: 0,
    last,
  });
  const bidOf = (id: number, price: string): NftBid => ({ id, sale_id: 5, price, bidder: 'b***r', mine: null, created_at: id });

  it('keeps each watched auction, the live bids newest first, and ignores market topics', () => {
    const slice = new AuctionSlice();
    slice.apply({ topic: 'auction:5', kind: 'auction', seq: 1, data: live('10', null) });
    slice.apply({ topic: 'quotes', kind: 'quotes', seq: 1, data: [] });
    slice.apply({ topic: 'auction:5', kind: 'auction', seq: 2, data: live('11', bidOf(1, '11')) });
    slice.apply({ topic: 'auction:5', kind: 'auction', seq: 3, data: live('12', bidOf(2, '12'), 120_000) });
    expect(slice.isDirty).toBe(true);
    const { auctions } = slice.take();
    expect(auctions?.[5]).toMatchObject({ bid: '12', ends_at: 120_000 });
    expect(auctions?.[5]?.recent.map((b) => b.id)).toEqual([2, 1]);
    expect(slice.isDirty).toBe(false);
    slice.drop('auction:5');
    expect(slice.get(5)).toBeUndefined();
  });
  it('keeps a bounded number of live bids and each once', () => {
    const slice = new AuctionSlice();
    for (let i = 1; i <= LIVE_BIDS_KEPT + 5; i++)
      slice.apply({ topic: 'auction:5', kind: 'auction', seq: i, data: live(String(i), bidOf(i, String(i))) });
    slice.apply({ topic: 'auction:5', kind: 'auction', seq: 99, data: live('40', bidOf(LIVE_BIDS_KEPT + 5, '40')) });
    expect(slice.get(5)?.recent).toHaveLength(LIVE_BIDS_KEPT);
  });
  it('is fed by the worker state: auction snapshots reach the snapshot the UI gets', () => {
    const state = createWorkerState();
    const handlers = state.feedHandlers(() => undefined);
    handlers.snapshot({ topic: 'auction:5', kind: 'auction', seq: 0, data: live('10', null) });
    expect(state.take().auctions?.[5]?.bid).toBe('10');
  });
});
