/**
 * The app on a real exchange's prices, in a phone browser: its own server (`npm start`'s entry)
 * with `MARKET_SOURCE=ccxt`, ccxt's binance pointed at a fake Binance on loopback
 * (tests/fakes/fakeBinance.ts) that trades on a timer. The contract screen shows the venue's
 * price and names the venue; a pair the venue does not list says "Simulated"; when the venue
 * goes silent the chip says the feed is interrupted and orders paused, and when it speaks again
 * the chip returns. The server side (orders refused, settlements, the audit) is
 * tests/server/venue.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBinance } from '../fakes/fakeBinance';
import { launch, phone, shot } from './browser';
import { startServerProcess, type ServerProcess } from './serverProcess';
const MINUTE = 60_000;
const contract = (symbol: string) => `/#/pages/transaction/contract?symbol=${encodeURIComponent(symbol)}`;

describe('prices from a real exchange, on a phone', () => {
  let venue: FakeBinance;
  let server: ServerProcess;
  let base: string;
  let browser: Browser;
  let page: Page;
  let trading: ReturnType<typeof setInterval>;
  let price = 95_000;

  beforeAll(async () => {
    venue = await new FakeBinance([{ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', stepSize: '0.00001' }]).listen();
    // A day and a half of the venue's minutes, so the 24 h figures and the chart have history.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    venue.setMinutes(
      'BTCUSDT',
      Array.from({ length: 2000 }, (_, i) => {
        const p = 94_000 + ((i * 37) % 1000);
        return {
          t: now - (2000 - i) * MINUTE,
          open: `${p}.00`,
          high: `${p + 40}.00`,
          low: `${p - 40}.00`,
          close: `${p + 10}.00`,
          volume: '3.25000',
        };
      }),
    );
    // The venue trades four times a second around 95,000, and its book follows.
    trading = setInterval(() => {
      price += Math.round(Math.sin(Date.now() / 3000) * 300) / 100;
      const p = price.toFixed(2);
      venue.trade('BTCUSDT', p, '0.01250', Date.now() % 2 ? 'buy' : 'sell');
      venue.book(
        'BTCUSDT',
        Array.from({ length: 12 }, (_, i) => [(price - 0.5 - i * 1.5).toFixed(2), (0.2 + i * 0.13).toFixed(5)] as [string, string]),
        Array.from({ length: 12 }, (_, i) => [(price + 0.5 + i * 1.5).toFixed(2), (0.25 + i * 0.11).toFixed(5)] as [string, string]),
      );
    }, 250);

    server = await startServerProcess('venue', {
      MARKET_HISTORY_DAYS: '1',
      MARKET_HZ: '8',
      MARKET_SOURCE: 'ccxt',
      MARKET_EXCHANGE: 'binance',
      MARKET_EXCHANGE_URLS: JSON.stringify(venue.urls),
      MARKET_STALE_SECONDS: '3',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    base = server.url;
    // The venue's streams are open before anything is asserted (a trade sent earlier is lost).
    for (const end = Date.now() + 60_000; !venue.subscribed('btcusdt@trade');) {
      if (Date.now() > end) throw new Error('ccxt did not subscribe to the venue');
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launch();
    page = await phone(browser);
  }, 180_000);

  afterAll(async () => {
    clearInterval(trading);
    await browser?.close();
    await server?.stop();
    await venue?.close();
  });

  it('shows the venue’s price beside its name, and "Simulated" on a pair it does not list', async () => {
    await page.goto(base + contract('BTC/USDT'));
    const source = page.getByTestId('price-source');
    await expect.poll(() => source.textContent(), { timeout: 60_000 }).toBe('Binance');
    // The price on screen is one the venue traded (about 95,000; the simulator's BTC starts at 67,250).
    await expect
      .poll(async () => Number((await page.getByTestId('last-price').textContent())?.replace(/,/g, '')), { timeout: 30_000 })
      .toBeGreaterThan(90_000);
    await shot(page, 'venue-contract');

    // The options screen names the venue too.
    await page.goto(`${base}/#/pages/transaction/index2?symbol=${encodeURIComponent('BTC/USDT')}`);
    await expect.poll(() => page.getByTestId('price-source').textContent(), { timeout: 30_000 }).toBe('Binance');
    await shot(page, 'venue-options');

    await page.goto(base + contract('LTC/USDT'));
    await expect.poll(() => page.getByTestId('price-source').textContent(), { timeout: 30_000 }).toBe('Simulated');
  });

  it('says the feed is interrupted and orders paused while the venue is silent, and recovers', async () => {
    await page.goto(base + contract('BTC/USDT'));
    const source = page.getByTestId('price-source');
    await expect.poll(() => source.textContent(), { timeout: 60_000 }).toBe('Binance');
    venue.silence();
    await expect.poll(() => source.getAttribute('data-stale'), { timeout: 60_000 }).toBe('true');
    expect(await page.getByTestId('price-stale').textContent()).toBe('Binance feed interrupted · orders paused');
    await shot(page, 'venue-stale');
    venue.silence(false);
    await expect.poll(() => source.getAttribute('data-stale'), { timeout: 60_000 }).toBeNull();
    expect(await source.textContent()).toBe('Binance');
    expect(await page.getByTestId('price-stale').textContent()).toBe('');
  });
});
