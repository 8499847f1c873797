/**
 * The server benches' load driver (B8 and the ledger exchanges): runs in a SECOND process
 * (bench/lib/driver.ts forks it), so the load generator's CPU is not the server's event loop. It
 * answers one command at a time over the fork's IPC channel:
 *
 * - `http`: autocannon against one endpoint, or each connection through a sequence of calls (its
 *   answers checked), at a fixed offered rate (`overallRate`) or as fast as `connections` callers
 *   go (max); answers requests/s and latency quantiles.
 * - `fanout`: opens N socket.io connections (websocket transport), subscribes each to `quotes`,
 *   and for a window records, per received message, receive time − the quote's `ts` (the
 *   server's emit time, stamped by the market tick that emitted it).
 *
 * The fan-out clients speak socket.io's wire protocol over a bare `ws` socket (engine.io v4
 * open/ping/pong, socket.io CONNECT, `sub` with an ack) instead of socket.io-client: at 5,000
 * clients × 10 messages/s of ~6 KB, a full client would JSON-parse 300 MB/s on the same two
 * cores as the server, and the figure would be the driver's. Each message here costs a frame
 * read and a `Buffer.indexOf` for the first `"ts":`; every payload byte still crosses loopback.
 */
import autocannon from 'autocannon';
import { WebSocket } from 'ws';

export interface HttpCommand {
  type: 'http';
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Session tokens handed out one per connection (round robin) as `authorization`: many users, one each. */
  tokens?: string[];
  /** Bodies handed out one per connection (round robin) with the tokens, in place of `body`. */
  bodies?: string[];
  /**
   * Instead of one request: sequences of POSTs handed out one per connection (round robin, with
   * the tokens); each connection sends its sequence in turn, over and over, and an answer whose
   * body lacks `"type":"ok"` counts as `failed`. A body's `"$id"` is replaced by the `message.id`
   * of the connection's previous answer (open, then close).
   */
  sequences?: { path: string; body: string }[][];
  /** Offered requests per second over all connections; omitted: as fast as they go. */
  rate?: number;
  connections: number;
  seconds: number;
}

export interface HttpAnswer {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** With `sequences`: 2xx answers that were not an ok envelope. */
  failed: number;
}

export interface FanoutCommand {
  type: 'fanout';
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A bare websocket server (the floor): no socket.io handshake, every frame is a quote. */
  raw?: boolean;
  clients: number;
  seconds: number;
}

export interface FanoutAnswer {
  connected: number;
  connectSeconds: number;
  messages: number;
  /** Messages per second received over all clients. */
  mps: number;
  p50: number;
  p99: number;
  max: number;
  /** Clients that received nothing in the window. */
  silent: number;
  bytesPerMessage: number;
}

export type Command = HttpCommand | FanoutCommand;

type CannonClient = { setHeadersAndBody(h: Record<string, string>, body: string): void; setRequests(requests: unknown[]): void };

/** Gives each new connection the next user's token and the next body. */
function perUser(tokens: string[], bodies: string[], headers: Record<string, string>): (client: CannonClient) => void {
  let next = 0;
  return (client) => {
    const i = next++;
    client.setHeadersAndBody({ ...headers, authorization: tokens[i % tokens.length]! }, bodies[i % bodies.length]!);
  };
}

const OK = '"type":"ok"';

/** Gives each new connection the next user's token and the next sequence, checking every answer. */
function perUserSequence(c: HttpCommand, onFailed: () => void): (client: CannonClient) => void {
  let next = 0;
  const base = new URL(c.url);
  return (client) => {
    const i = next++;
    const headers = { 'content-type': 'application/json', ...c.headers, authorization: c.tokens![i % c.tokens!.length]! };
    const sequence = c.sequences![i % c.sequences!.length]!;
    // Answers are parsed for their id only when a later call needs it (the driver shares the cores).
    const wantsId = sequence.some((step) => step.body.includes('"$id"'));
    client.setRequests(
      sequence.map((step) => ({
        method: 'POST',
        path: new URL(step.path, base).pathname,
        headers,
        body: step.body,
        setupRequest: (req: { body: string }, context: { id?: unknown }) =>
          step.body.includes('"$id"') ? { ...req, body: step.body.replace('"$id"', JSON.stringify(String(context.id))) } : req,
        onResponse: (_status: number, body: string, context: { id?: unknown }) => {
          if (!body.includes(OK)) onFailed();
          else if (wantsId) context.id = (JSON.parse(body) as { message?: { id?: unknown } }).message?.id;
        },
      })),
    );
  };
}

function runHttp(c: HttpCommand): Promise<HttpAnswer> {
  let failed = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: c.url,
        method: c.method,
        ...(c.body ? { body: c.body } : {}),
        headers: { 'content-type': 'application/json', ...c.headers },
        connections: c.connections,
        duration: c.seconds,
        ...(c.rate ? { overallRate: c.rate } : {}),
        ...(c.sequences?.length
          ? { setupClient: perUserSequence(c, () => failed++) }
          : c.tokens?.length
            ? { setupClient: perUser(c.tokens, c.bodies ?? [c.body ?? ''], { 'content-type': 'application/json', ...c.headers }) }
            : {}),
        timeout: 10,
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          rps: Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          requests: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          failed,
        });
      },
    );
  });
}

const TS = Buffer.from('"ts":');

/** The first `"ts":<digits>` of a frame, or NaN. */
function readTs(buf: Buffer): number {
  const at = buf.indexOf(TS);
  if (at < 0) return NaN;
  let n = 0;
  for (let i = at + TS.length; i < buf.length; i++) {
    const d = buf[i]! - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return n;
}

interface Client {
  ws: WebSocket;
  received: number;
}

/** A client of the bare websocket floor server: every frame counts once open. */
function connectRaw(base: string, onQuote: (c: Client, buf: Buffer) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(base.replace(/^http/, 'ws'), { perMessageDeflate: false });
    const client: Client = { ws, received: 0 };
    ws.on('error', (e) => reject(e));
    ws.on('message', (data: Buffer) => onQuote(client, data));
    ws.on('open', () => resolve(client));
  });
}

/** One socket.io client on a bare websocket: open, CONNECT, sub `quotes` (ack), then counts. */
function connect(base: string, onQuote: (c: Client, buf: Buffer) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
    const client: Client = { ws, received: 0 };
    let subscribed = false;
    // Generous: on a busy 2-core box a wave's handshakes queue behind the fan-out to the clients already in.
    const timer = setTimeout(() => reject(new Error('connect timeout')), 120_000);
    ws.on('error', (e) => reject(e));
    ws.on('message', (data: Buffer) => {
      const kind = data[0];
      if (subscribed) {
        if (kind === 0x34 /* '4' */ && data[1] === 0x32 /* '2' */) onQuote(client, data);
        else if (kind === 0x32 /* ping */) ws.send('3');
        return;
      }
      const text = data.toString();
      if (text[0] === '0') ws.send('40');
      else if (text.startsWith('40')) ws.send('420["sub",["quotes"]]');
      else if (text.startsWith('430')) {
        subscribed = true;
        clearTimeout(timer);
        resolve(client);
      } else if (text === '2') ws.send('3');
    });
  });
}

async function runFanout(c: FanoutCommand): Promise<FanoutAnswer> {
  let recording = false;
  const delays: number[] = [];
  let bytes = 0;
  const onQuote = (client: Client, buf: Buffer) => {
    if (!recording) return;
    const now = Date.now();
    client.received++;
    bytes += buf.length;
    const ts = readTs(buf);
    if (Number.isFinite(ts)) delays.push(now - ts);
  };
  const t0 = performance.now();
  const clients: Client[] = [];
  // Opens in waves, as a crowd reconnecting after a deploy would, not all 5,000 handshakes at once (250 at a time).
  const WAVE = 250;
  for (let i = 0; i < c.clients; i += WAVE) {
    clients.push(
      ...(await Promise.all(Array.from({ length: Math.min(WAVE, c.clients - i) }, () => (c.raw ? connectRaw : connect)(c.url, onQuote)))),
    );
  }
  const connectSeconds = (performance.now() - t0) / 1000;
  // Let the handshakes' snapshots drain before the window.
  await new Promise((r) => setTimeout(r, 500));
  recording = true;
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, c.seconds * 1000));
  recording = false;
  const seconds = (performance.now() - w0) / 1000;
  const silent = clients.filter((cl) => cl.received === 0).length;
  await Promise.all(
    clients.map(
      (cl) =>
        new Promise<void>((r) => {
          cl.ws.once('close', () => r());
          cl.ws.terminate();
        }),
    ),
  );
  delays.sort((a, b) => a - b);
  const at = (p: number) => delays[Math.min(delays.length - 1, Math.max(0, Math.ceil((p / 100) * delays.length) - 1))] ?? NaN;
  return {
    connected: clients.length,
    connectSeconds,
    messages: delays.length,
    mps: Math.round(delays.length / seconds),
    p50: at(50),
    p99: at(99),
    max: delays.at(-1) ?? NaN,
    silent,
    bytesPerMessage: delays.length ? Math.round(bytes / delays.length) : 0,
  };
}

process.on('message', (command: Command) => {
  const run = command.type === 'http' ? runHttp(command) : runFanout(command);
  run.then(
    (answer) => process.send!({ ok: true, answer }),
    (e: unknown) => process.send!({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
});
process.send!({ ready: true });
