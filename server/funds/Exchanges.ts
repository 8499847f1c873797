import type { Page } from '../../domain/api/envelope';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ExchangeFirmQuote, ExchangeItem, ExchangeQuoteInfo } from '../../domain/funds/types';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, calculateExchange, fillAtQuote, type ExchangeQuote } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';
import { AppError } from '../http/AppError';
import { feesFor, type Ledger } from '../ledger/Ledger';
import { FloatRows, treasuryFloat } from '../ledger/TreasuryFloat';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import { readAmount, requireCurrency } from './amounts';
import { EXCHANGE_FEE_RATE, EXCHANGE_QUOTE_SECONDS } from './fundsConfig';
import type { Valuation } from './Valuation';

const COLUMNS = `id, from_currency_id, to_currency_id, from_amount::text AS from_amount, to_amount::text AS to_amount, fee::text AS fee,
  rate::text AS rate, created_at`;

type Row = Omit<ExchangeItem, 'from_currency' | 'to_currency'>;
const exchangeRows = rowReader<Row>('exchanges', {
  id: 'int',
  from_currency_id: 'int',
  to_currency_id: 'int',
  from_amount: 'decimal',
  to_amount: 'decimal',
  fee: 'decimal',
  rate: 'decimal',
  created_at: 'int',
});

/** What a quote id signs: who it is for, the exchange, what it promises and until when. */
interface SignedQuote {
  u: number;
  f: number;
  t: number;
  a: string;
  r: string;
  x: number;
}

/**
 * Currency exchange in the coin account at the market rate, against the platform treasury
 * (`/user/Transfer`). Two ways to bound the price:
 * - a firm quote (`firmQuote`, valid for `EXCHANGE_QUOTE_SECONDS`, as Convert apps give): its id
 *   is signed with a server secret, so its promise cannot be forged or edited, and it is filled
 *   at what it promised while that costs the platform no more than the live market value
 *   (`fillAtQuote`);
 * - a caller's `minReceive` (what its own preview showed): refused ("the price moved") rather
 *   than filled below it.
 */
export class Exchanges {
  private readonly tx: TxRunner;
  private readonly floatRows: FloatRows;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly market: MarketSource,
    private readonly valuation: Valuation,
    private readonly quoteKey: Buffer,
  ) {
    this.tx = txRunner(db);
    this.floatRows = new FloatRows(db);
  }

  /** A firm quote for exchanging `amount` of `fromId` into `toId`, for this user only. */
  firmQuote(userId: number, input: { amount: string; fromId: number; toId: number }): ExchangeFirmQuote {
    const { fromId, toId } = input;
    if (fromId === toId) throw new AppError('validation.sameCurrency');
    const from = requireCurrency(this.market, fromId);
    const amount = readAmount(input.amount, from);
    const { q } = this.live(amount, fromId, toId);
    const expiresAt = this.clock.now() + EXCHANGE_QUOTE_SECONDS * 1000;
    const signed: SignedQuote = { u: userId, f: fromId, t: toId, a: amount.toFixed(), r: q.receive.toFixed(), x: expiresAt };
    return {
      quote_id: this.sign(signed),
      from_currency_id: fromId,
      to_currency_id: toId,
      number: signed.a,
      rate: q.rate.toSignificantDigits(12).toFixed(),
      fee: q.fee.toFixed(),
      receive: signed.r,
      expires_at: expiresAt,
      valid_seconds: EXCHANGE_QUOTE_SECONDS,
    };
  }

  quote(fromId: number, toId: number): ExchangeQuoteInfo {
    requireCurrency(this.market, fromId);
    const to = requireCurrency(this.market, toId);
    const { fromPrice, toPrice } = this.prices(fromId, toId);
    return {
      from_currency_id: fromId,
      to_currency_id: toId,
      rate: fromPrice.div(toPrice).toSignificantDigits(12).toFixed(),
      fee_rate: EXCHANGE_FEE_RATE,
      to_decimals: to.decimals,
    };
  }

  async exchange(
    userId: number,
    input: { amount: string; fromId: number; toId: number; minReceive?: string | undefined; quoteId?: string | undefined },
    run: TxRunner = this.tx,
  ): Promise<ExchangeItem> {
    const { fromId, toId } = input;
    if (fromId === toId) throw new AppError('validation.sameCurrency');
    const from = requireCurrency(this.market, fromId);
    const amount = readAmount(input.amount, from);
    const live = this.live(amount, fromId, toId);
    let q: ExchangeQuote = live.q;
    if (input.quoteId !== undefined) {
      const quote = this.verify(input.quoteId);
      if (!quote || quote.u !== userId || quote.f !== fromId || quote.t !== toId || !new Decimal(quote.a).eq(amount)) {
        throw new AppError('errors.quoteInvalid');
      }
      if (this.clock.now() > quote.x) throw new AppError('errors.quoteExpired');
      const filled = fillAtQuote(live.q, amount, quote.r, live.toDecimals);
      if (!filled) throw new AppError('errors.priceMoved');
      q = filled;
    }
    if (q.receive.lte(0)) throw new AppError('errors.exchangeTooSmall');
    if (input.minReceive !== undefined && q.receive.lt(new Decimal(input.minReceive))) throw new AppError('errors.priceMoved');
    await this.floatRows.ensure(userId, [fromId, toId]);
    return run(async (tx) => {
      const item = await exchangeRows.one(
        tx,
        `INSERT INTO exchanges (user_id, from_currency_id, to_currency_id, from_amount, to_amount, fee, rate, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [
          userId,
          fromId,
          toId,
          amount.toFixed(),
          q.receive.toFixed(),
          q.fee.toFixed(),
          q.rate.toSignificantDigits(20).toFixed(),
          this.clock.now(),
        ],
      );
      const user = { userId, account: ACCOUNTS.change } as const;
      // The treasury's side on the user's treasury shard, refilled from (or swept back to) the main row as needed.
      const legs = await treasuryFloat(
        tx,
        userId,
        [
          { holder: user, currencyId: fromId, available: amount.neg() },
          { holder: user, currencyId: toId, available: q.receive },
          { holder: feesFor(userId), currencyId: toId, available: q.fee },
          { holder: { platform: 'treasury' }, currencyId: fromId, available: amount },
          { holder: { platform: 'treasury' }, currencyId: toId, available: q.receive.plus(q.fee).neg() },
        ],
        (id) => requireCurrency(this.market, id).decimals,
      );
      if (!legs) throw new AppError('errors.exchangeLiquidity');
      await this.ledger.post(tx, { key: `exchange:${item!.id}`, kind: 'exchange', ref: { type: 'exchange', id: item!.id }, legs });
      return this.toItem(item!);
    });
  }

  async page(userId: number, page: number, limit: number): Promise<Page<ExchangeItem>> {
    return paginate<Row, ExchangeItem>(
      this.db,
      { select: COLUMNS, from: 'FROM exchanges WHERE user_id = $1', orderBy: 'id DESC', params: [userId] },
      { page, limit },
      (r) => this.toItem(exchangeRows.check(r)),
    );
  }

  /** Which of `userIds` have exchanged at least once (the users area's trade source for invite stats). */
  async tradersAmong(userIds: number[]): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }>(
      "SELECT DISTINCT user_id FROM exchanges WHERE user_id = ANY(string_to_array($1, ',')::bigint[])",
      [userIds.join(',')],
    );
    return rows.map((r) => r.user_id);
  }

  /** The row as the API shows it, with the currencies' names from the market's catalogue. */
  private toItem(r: Row): ExchangeItem {
    return {
      ...r,
      from_currency: requireCurrency(this.market, r.from_currency_id).name,
      to_currency: requireCurrency(this.market, r.to_currency_id).name,
    };
  }

  /** The exchange at the live prices. */
  private live(amount: Decimal, fromId: number, toId: number): { q: ExchangeQuote; toDecimals: number } {
    const to = requireCurrency(this.market, toId);
    const { fromPrice, toPrice } = this.prices(fromId, toId);
    return { q: calculateExchange(amount, fromPrice, toPrice, EXCHANGE_FEE_RATE, to.decimals), toDecimals: to.decimals };
  }

  private sign(quote: SignedQuote): string {
    const body = Buffer.from(JSON.stringify(quote)).toString('base64url');
    return `${body}.${createHmac('sha256', this.quoteKey).update(body).digest('base64url')}`;
  }

  /** The quote an id signs, or null when the id is not one this server signed. */
  private verify(id: string): SignedQuote | null {
    const [body, mac] = id.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', this.quoteKey).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString()) as SignedQuote;
    } catch {
      return null;
    }
  }

  private prices(fromId: number, toId: number) {
    const fromPrice = this.valuation.priceUsdt(fromId);
    const toPrice = this.valuation.priceUsdt(toId);
    if (!fromPrice || !toPrice) throw new AppError('errors.exchangeNotSupported');
    return { fromPrice, toPrice };
  }
}
