/**
 * The B3/B6 baseline: a trading screen written the way a typical app is. socket.io-client runs
 * on the main thread and every message sets React state at once (one `dispatch` per message, no
 * conflation, no worker): the book is kept whole and sorted on each render, the tape and the
 * ticker are state, and the candle series is updated for every trade. It speaks the app's
 * protocol (domain/protocol.ts: `sub` with an ack carrying snapshots, then messages `m`), and
 * renders the same data as the contract screen: a ticker header, a candle chart, a 20-row
 * book per side and a tape. Bench-only; built by bench/screen.ts.
 */
import { CandlestickSeries, ColorType, createChart, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useReducer, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { io, type Socket } from 'socket.io-client';
import type { BookLevel, Kline, Ticker, Trade } from '../../domain/market/types';
import type { ClientToServerEvents, ServerToClientEvents, TopicMessage, TopicSnapshot } from '../../domain/protocol';
import './styles.css';

const SYMBOL = new URLSearchParams(location.search).get('symbol') ?? 'BTC/USDT';
const PERIOD = '15min';
const ROWS = 20;
const TAPE = 30;
const TOPICS = ['quotes', `depth:${SYMBOL}`, `trades:${SYMBOL}`, `kline:${SYMBOL}:${PERIOD}`];

/** What the bench reads: messages and ticks handled, and the newest trade's emit time. */
const counters = { messages: 0, ticks: 0, lastTradeTs: 0, connects: 0 };
(window as unknown as { __baseline: typeof counters }).__baseline = counters;

interface State {
  tickers: Record<string, Ticker>;
  bids: Map<string, string>;
  asks: Map<string, string>;
  trades: Trade[];
}

type Action = { type: 'snapshot'; snap: TopicSnapshot } | { type: 'message'; msg: TopicMessage };

const applyLevels = (side: Map<string, string>, levels: BookLevel[], reset: boolean) => {
  const next = reset ? new Map<string, string>() : new Map(side);
  for (const [price, qty] of levels) {
    if (Number(qty) === 0) next.delete(price);
    else next.set(price, qty);
  }
  return next;
};

function reduce(state: State, action: Action): State {
  const m = action.type === 'snapshot' ? action.snap : action.msg;
  const reset = action.type === 'snapshot';
  switch (m.kind) {
    case 'quotes': {
      const tickers = reset ? {} : { ...state.tickers };
      for (const t of m.data) tickers[t.symbol] = t;
      return { ...state, tickers };
    }
    case 'depth':
      return { ...state, bids: applyLevels(state.bids, m.data.bids, reset), asks: applyLevels(state.asks, m.data.asks, reset) };
    case 'trades': {
      // Snapshots are newest first, updates oldest first.
      const fresh = reset ? m.data : [...m.data].reverse();
      return { ...state, trades: [...fresh, ...(reset ? [] : state.trades)].slice(0, TAPE) };
    }
    default:
      return state;
  }
}

type Listener = (kind: 'snapshot' | 'message', m: TopicSnapshot | TopicMessage) => void;

/** The socket, on the main thread: `sub` with an ack on every connect, then live messages. */
function connect(listener: Listener): () => void {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(location.origin, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
  });
  socket.on('connect', () => {
    counters.connects++;
    socket.emit('sub', TOPICS, (ack) => {
      for (const snap of ack.snapshots) listener('snapshot', snap);
    });
  });
  socket.on('m', (m) => {
    if (m.topic === 'user') return;
    const msg = m as TopicMessage;
    counters.messages++;
    counters.ticks += Array.isArray(msg.data) ? msg.data.length : msg.kind === 'depth' ? msg.data.bids.length + msg.data.asks.length : 1;
    listener('message', msg);
  });
  return () => socket.close();
}

const toBar = (k: Kline) => ({
  time: Math.floor(k.t / 1000) as UTCTimestamp,
  open: Number(k.open),
  high: Number(k.high),
  low: Number(k.low),
  close: Number(k.close),
});

function Chart({ series }: { series: { current: ISeriesApi<'Candlestick'> | null } }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = createChart(box.current!, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#0b0e14' }, textColor: '#98a2b3', fontSize: 10, attributionLogo: false },
      grid: { vertLines: { color: '#161c26' }, horzLines: { color: '#161c26' } },
      timeScale: { timeVisible: true, rightOffset: 4 },
    });
    series.current = chart.addSeries(CandlestickSeries, {});
    const to = Date.now();
    void fetch(`/api/currency/new_timeshar?symbol=${encodeURIComponent(SYMBOL)}&period=${PERIOD}&from=${to - 200 * 900_000}&to=${to}`)
      .then((r) => r.json() as Promise<{ type: string; message: Kline[] }>)
      .then((j) => {
        if (j.type === 'ok' && series.current) series.current.setData(j.message.map(toBar));
      });
    return () => {
      series.current = null;
      chart.remove();
    };
  }, [series]);
  return <div className="chart" ref={box} />;
}

function Row({ price, qty, ratio, up }: { price: string; qty: string; ratio: number; up: boolean }) {
  return (
    <div className="row">
      <div className={`bar ${up ? 'up' : 'down'}`} style={{ width: `${Math.round(ratio * 100)}%` }} />
      <span className={up ? 'up' : 'down'}>{price}</span>
      <span>{qty}</span>
    </div>
  );
}

function App() {
  const [state, dispatch] = useReducer(reduce, { tickers: {}, bids: new Map(), asks: new Map(), trades: [] });
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  /** The live bar the trades move. */
  const bar = useRef<ReturnType<typeof toBar> | null>(null);

  useEffect(
    () =>
      connect((kind, m) => {
        // What a typical app does: state per message, and the chart fed per trade.
        if (kind === 'snapshot') dispatch({ type: 'snapshot', snap: m as TopicSnapshot });
        else dispatch({ type: 'message', msg: m as TopicMessage });
        if (m.kind === 'kline') {
          for (const k of m.data) {
            bar.current = toBar(k);
            series.current?.update(bar.current);
          }
        }
        if (m.kind === 'trades' && kind === 'message') {
          for (const t of m.data) {
            counters.lastTradeTs = t.ts;
            const b = bar.current;
            if (!b) continue;
            const p = Number(t.price);
            bar.current = { ...b, close: p, high: Math.max(b.high, p), low: Math.min(b.low, p) };
            series.current?.update(bar.current);
          }
        }
      }),
    [],
  );

  const ticker = state.tickers[SYMBOL];
  const bids = [...state.bids].sort((a, b) => Number(b[0]) - Number(a[0])).slice(0, ROWS);
  const asks = [...state.asks].sort((a, b) => Number(a[0]) - Number(b[0])).slice(0, ROWS);
  const max = Math.max(1, ...bids.map((l) => Number(l[1])), ...asks.map((l) => Number(l[1])));
  const up = Number(ticker?.change ?? 0) >= 0;
  return (
    <>
      <header className="header">
        <div>
          <div>{SYMBOL}</div>
          <div className={`price ${up ? 'up' : 'down'}`}>{ticker?.price ?? '—'}</div>
          <div className={up ? 'up' : 'down'}>{ticker ? `${ticker.change}%` : ''}</div>
        </div>
        <div className="stats">
          <span>24h high</span>
          <span>{ticker?.high}</span>
          <span>24h low</span>
          <span>{ticker?.low}</span>
          <span>24h vol</span>
          <span>{ticker?.volume}</span>
        </div>
      </header>
      <Chart series={series} />
      <div className="panes">
        <section>
          <h2>Order book</h2>
          {[...asks].reverse().map(([p, q]) => (
            <Row key={p} price={p} qty={q} ratio={Number(q) / max} up={false} />
          ))}
          <div className="spread">{ticker?.price}</div>
          {bids.map(([p, q]) => (
            <Row key={p} price={p} qty={q} ratio={Number(q) / max} up />
          ))}
        </section>
        <section>
          <h2>Trades</h2>
          {state.trades.map((t) => (
            <div className="row" key={t.id}>
              <span className={t.side === 'buy' ? 'up' : 'down'}>{t.price}</span>
              <span>{t.qty}</span>
              <span>{new Date(t.ts).toLocaleTimeString()}</span>
            </div>
          ))}
        </section>
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
