/**
 * Runs a list of actions against a real server and checks the system's invariants after every
 * step (docs/SIMULATION.md). `simulate` draws the list from a seed; `runActions` replays any list
 * (a shrunk one, or a pasted test case) the same way.
 */
import { randomUUID } from 'node:crypto';
import { ANSWER_LOST_CODE } from '../../domain/api/envelope';
import type { App } from '../../server/app';
import { isOk, Http, type Answer } from './http';
import { ChannelWatcher } from './channel';
import { keepSignedIn, sentBy } from './session';
import { PriceModel } from './prices';
import { Rng } from './rng';
import { ACTIONS, CORE_AREAS, specOf } from './actions';
import { fullChecks, newCheckState, stepChecks, type Timed } from './checks';
import type { Action, Ctx, SimUser, Violation } from './types';
import { openSimDatabase, SIM_EPOCH, World } from './world';
import { plantFault, type Plant } from './plants';

export interface SimOptions {
  seed: string;
  steps: number;
  /** PostgreSQL base URL (a database is created per run); null: PGlite in this process. */
  postgresUrl?: string | null;
  /** A deliberate defect to plant in the server (the simulation must find it). */
  plant?: Plant | null;
  /** Full checks (reconciliation, audit, due settlements, private channels) every this many steps, and at the end. */
  checkEvery?: number;
  /** Users whose private channel is watched on a socket. */
  watchers?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Only these product areas' actions (besides the market, faults, accounts and funds, always drawn); default all. */
  areas?: string[] | null;
}

export interface SimResult {
  seed: string;
  /** Steps run (the failing one included). */
  steps: number;
  actions: Action[];
  violations: Violation[];
  /** Step of the first violation, or null. */
  failedAt: number | null;
  users: number;
  outcomes: Record<string, { ok: number; refused: number; skipped: number }>;
  /** Why actions were refused: the last refusal each refused action heard, counted by kind and message. */
  refusals: Record<string, Record<string, number>>;
  restarts: number;
  resyncs: number;
  audited: { settled: number; mismatches: number };
  ms: number;
  /** Wall time by phase (each action kind, the step checks, the checkpoints), in ms. */
  timing: Record<string, number>;
}

/**
 * The action list of a seed: a handful of registrations first (there must be users to act),
 * then the weighted mix. Drawn from the seed alone, before anything runs.
 */
export function generate(seed: string, steps: number, areas: string[] | null = null): Action[] {
  const rng = new Rng(`kestrel-sim:${seed}`);
  const out: Action[] = [];
  const mix = ACTIONS.filter((s) => !areas || CORE_AREAS.includes(s.area) || areas.includes(s.area)).map((s) => [s, s.weight] as const);
  const opening = Math.min(steps, 6);
  for (let i = 0; i < steps; i++) {
    const spec = i < opening ? specOf(i % 2 === 0 ? 'register' : 'deposit') : rng.weighted(mix);
    const argsRng = rng.fork(`step:${i}`);
    out.push({ kind: spec.kind, ...(spec.byUser ? { u: argsRng.int(0, 1_000_000) } : {}), a: spec.gen(argsRng) });
  }
  return out;
}

export async function simulate(options: SimOptions): Promise<SimResult> {
  return runActions(options.seed, generate(options.seed, options.steps, options.areas ?? null), options);
}

/** JSON with sorted keys: a replayed answer may list an envelope's fields in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** The server's "may have been carried out" answer to a retry whose first attempt's answer a crash lost. */
function answerLost(answer: Answer): boolean {
  return answer.body?.type === 'error' && answer.body.code === ANSWER_LOST_CODE;
}

/** The engines whose work `settle` waits for, by name (`--verbose` prints how long each kept a settle waiting). */
function engines(app: App): [string, { idle(): Promise<void> }][] {
  const f = app.fastify;
  return [
    ['futures', f.futures.engine],
    ['spot', f.spot.engine],
    ['options', f.microtrade.engine],
    ['lockming', f.lockming.engine],
    ['ieo', f.ieo.engine],
    ['dual', f.invest.engine],
    ['copy trading', f.copytrade.engine],
    ['nft', f.nft.engine],
    ['otc', f.otc.engine],
    ['loans', f.loans.engine],
    ['coupons', f.rewards.engine],
    ['game', f.game.engine],
    ['alerts', f.alerts.engine],
  ];
}

/** Longest clock move between two market trades: engines see the price at least this often. */
const TICK_EVERY_MS = 10 * 60_000;
/** Most clock time whose bars wait in the market's memory before a write. */
const WRITE_BARS_EVERY_MS = 6 * 3_600_000;

export async function runActions(seed: string, actions: Action[], options: Omit<SimOptions, 'seed' | 'steps'> = {}): Promise<SimResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const checkEvery = options.checkEvery ?? 250;
  const database = await openSimDatabase(options.postgresUrl ?? null);
  const world = new World(database, SIM_EPOCH + 3_600_000, (app) => {
    if (options.plant) plantFault(options.plant, app);
  });
  const http = new Http(world);
  const result: SimResult = {
    seed,
    steps: 0,
    actions,
    violations: [],
    failedAt: null,
    users: 0,
    outcomes: {},
    refusals: {},
    restarts: 0,
    resyncs: 0,
    audited: { settled: 0, mismatches: 0 },
    ms: 0,
    timing: {},
  };
  const timed: Timed = async (phase, work) => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      result.timing[phase] = (result.timing[phase] ?? 0) + performance.now() - t0;
    }
  };
  const users: SimUser[] = [];
  const watchers: ChannelWatcher[] = [];
  const maxWatchers = options.watchers ?? 6;
  let step = 0;
  const violation = (kind: string, message: string) => result.violations.push({ step, kind, message });
  /** The last refusal the running action heard (path and message), for the report. */
  let lastRefusal: string | null = null;
  const heard = (path: string, answer: Answer) => {
    if (answer.body && answer.body.type !== 'ok') lastRefusal = `${path}: ${String(answer.body.message)}`;
  };

  try {
    await timed('start', () => world.start());
    const prices = new PriceModel(world);
    const checkState = newCheckState();
    await stepChecks(world, checkState, true);

    const settle = async () => {
      for (let round = 0; round < 4; round++) {
        world.clock.advance(0);
        const t0 = performance.now();
        await Promise.all(
          engines(world.app).map(async ([name, engine]) => {
            await engine.idle();
            result.timing[`engine: ${name}`] = (result.timing[`engine: ${name}`] ?? 0) + performance.now() - t0;
          }),
        );
      }
    };

    const answerProblem = (path: string, answer: Answer): string | null => {
      if (answer.status === 0) return `${path}: no answer (${answer.lost ?? 'lost'})`;
      if (answer.status >= 500) return `${path}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`;
      if (!answer.body || typeof answer.body !== 'object') return `${path}: HTTP ${answer.status} without an envelope`;
      if (answer.body.type !== 'ok' && (typeof answer.body.message !== 'string' || !answer.body.message))
        return `${path}: a refusal without a message`;
      return null;
    };

    const makeCtx = (actionRng: Rng): Ctx => ({
      world,
      http,
      prices,
      rng: actionRng,
      step,
      users,
      violation: (message) => violation('action', message),
      async call(user, path, params = {}, method = 'POST') {
        if (user) await keepSignedIn(user, http, world.clock.now());
        const answer = await http.call(path, params, { token: user?.token, ip: user?.ip, lang: user?.lang, method });
        if (user) sentBy(user, world.clock.now());
        heard(path, answer);
        const problem = answerProblem(path, answer);
        if (problem) violation('answer', problem);
        return answer as never;
      },
      async money(user, call) {
        await keepSignedIn(user, http, world.clock.now());
        const key = randomUUID().replace(/-/g, '');
        const send = (abortAfterMs?: number) => {
          sentBy(user, world.clock.now());
          return http.call(call.path, call.params, { token: user.token, ip: user.ip, lang: user.lang, key, abortAfterMs });
        };
        const before = call.effects ? await call.effects() : 0;
        let answer: Answer;
        if (call.fault === 'abort') {
          await send(actionRng.int(0, 15));
          // The app retries with the same key until it hears back; "in progress" answers come while the first still runs.
          answer = await send();
          for (let i = 0; i < 20 && answer.status === 409; i++) {
            await new Promise((r) => setTimeout(r, 50));
            answer = await send();
          }
        } else {
          answer = await send();
          if (call.fault === 'retry') {
            const again = await send();
            if (canonical(again.body) !== canonical(answer.body))
              violation(
                'idempotency',
                `${call.path}: a retry with the same key answered ${JSON.stringify(again.body)} after ${JSON.stringify(answer.body)}`,
              );
          }
        }
        heard(call.path, answer);
        const problem = answerProblem(call.path, answer);
        if (problem) violation('answer', problem);
        if (call.effects) {
          await settle();
          const made = (await call.effects()) - before;
          const expected = isOk(answer) ? 1 : 0;
          // "May have been carried out" (the answer was lost in a crash): once or not at all, never twice.
          if (answerLost(answer) ? made > 1 : made !== expected)
            violation(
              'idempotency',
              `${call.path} (${call.fault}): ${made} effects for ${isOk(answer) ? 'an accepted' : 'a refused'} call, expected ${expected}`,
            );
        }
        return answer as never;
      },
      async ops(path, input = {}, refusalExpected = false) {
        const answer = await http.ops(path, input);
        const problem = answerProblem(`ops ${path}`, answer);
        if (problem) violation('answer', problem);
        else if (!isOk(answer) && !refusalExpected) violation('ops', `ops ${path}: ${String(answer.body?.message)}`);
        return answer as never;
      },
      async advance(ms) {
        let left = ms;
        let unwritten = 0;
        while (left > 0) {
          const chunk = Math.min(left, TICK_EVERY_MS);
          world.clock.advance(chunk);
          left -= chunk;
          unwritten += chunk;
          prices.walk(chunk / 1000, actionRng);
          // A running market writes its bars every 5 s; here at the end of each move of time (and
          // every few hours of a long one), one batch. Until then the engines and the audit's
          // price record read the closed bars from the market's memory, as between two writes.
          if (left <= 0 || unwritten >= WRITE_BARS_EVERY_MS) {
            await timed('clock: bars', () => world.app.market.stop());
            unwritten = 0;
          }
          await timed('clock: engines', settle);
        }
      },
      async dropChannel(pick) {
        const w = watchers.length ? watchers[pick % watchers.length]! : null;
        if (w?.connected) w.disconnect();
        else await w?.connect();
      },
      settle,
      query: (sql, params) => world.currentDb.query(sql, params),
    });

    const restart = async () => {
      for (const w of watchers) w.disconnect();
      await world.restart();
      result.restarts++;
      for (const w of watchers) await w.connect();
    };

    let checkpoints = 0;
    /** Where the last checkpoint's audit ended (its `through`): the next audits what settled after it. */
    let audited: number | null = null;
    const checkpoint = async (whole: boolean) => {
      await world.app.market.stop();
      await settle();
      const found = await fullChecks(world, http, watchers, users, checkpoints++, timed, whole ? null : audited);
      for (const v of found.violations) violation(v.kind, v.message);
      // The totals are the last whole audit's (the first checkpoint's, then the run's end); an incremental one adds its mismatches.
      result.audited = whole
        ? { settled: found.audited.settled, mismatches: found.audited.mismatches }
        : { settled: result.audited.settled, mismatches: result.audited.mismatches + found.audited.mismatches };
      audited = found.audited.through ?? audited;
    };

    for (; step < actions.length; step++) {
      const action = actions[step]!;
      const spec = specOf(action.kind);
      const actionRng = new Rng(`kestrel-sim:${seed}:run:${step}`);
      const ctx = makeCtx(actionRng);
      const user = spec.byUser ? (users.length ? users[action.u! % users.length]! : null) : null;
      const tally = (result.outcomes[action.kind] ??= { ok: 0, refused: 0, skipped: 0 });
      if (spec.byUser && !user && action.kind !== 'register') {
        tally.skipped++;
        continue;
      }
      world.errors.length = 0;
      try {
        if (action.kind === 'crash') {
          await timed('crash', () => crashUnderLoad(ctx, world, users, action, restart, timed));
          tally.ok++;
        } else {
          lastRefusal = null;
          if (user && action.kind !== 'register') await keepSignedIn(user, http, world.clock.now());
          const outcome = await timed(action.kind, () => spec.run(ctx, user, action.a));
          tally[outcome]++;
          if (outcome === 'refused') {
            const why = (result.refusals[action.kind] ??= {});
            const key = lastRefusal ?? '(no refusal heard)';
            why[key] = (why[key] ?? 0) + 1;
          }
        }
      } catch (error) {
        violation('action', `${action.kind} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      await timed('settle', settle);
      // A new user's channel is watched while there is room.
      if (users.length > watchers.length && watchers.length < maxWatchers) {
        const watched = new ChannelWatcher(users[watchers.length]!, world, http);
        await watched.connect();
        watchers.push(watched);
      }
      for (const e of world.errors.splice(0)) violation('server error', `the server logged "${e.msg}"${e.err ? `: ${e.err}` : ''}`);
      for (const v of await timed('step checks', () => stepChecks(world, checkState, false, timed))) violation(v.kind, v.message);
      for (const w of watchers) for (const p of w.takeProblems()) violation('channel', p);
      // Each checkpoint audits what settled since the one before; the first and the last audit everything.
      const last = step === actions.length - 1;
      if (!result.violations.length && ((step + 1) % checkEvery === 0 || action.kind === 'crash' || last))
        await timed('checkpoints', () => checkpoint(last || audited === null));
      if (result.violations.length) {
        result.failedAt = step;
        step++;
        break;
      }
      if ((step + 1) % 500 === 0) log(`seed ${seed}: step ${step + 1}/${actions.length}, ${users.length} users`);
    }
    result.steps = step;
    result.users = users.length;
    result.resyncs = watchers.reduce((n, w) => n + w.resyncs, 0);
  } finally {
    for (const w of watchers) w.disconnect();
    await timed('close', () => world.close());
    result.ms = Math.round(performance.now() - started);
  }
  return result;
}

/**
 * The crash fault: a few users send transfers, each with its own `Idempotency-Key`, and the
 * node dies while they are in flight (connections cut, on PostgreSQL every transaction rolled
 * back). A new node starts on the same database; each app retries its request with the same key
 * and must see exactly one transfer for an accepted answer, none for a refused one.
 */
async function crashUnderLoad(
  ctx: Ctx,
  world: World,
  users: SimUser[],
  action: Action,
  restart: () => Promise<void>,
  timed: Timed,
): Promise<void> {
  const senders = users.length ? [0, 1, 2].map((i) => users[(Number(action.a.pick) + i * 7) % users.length]!) : [];
  const unique = [...new Map(senders.map((u) => [u.id, u])).values()];
  const count = async (user: SimUser) =>
    Number((await ctx.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM transfers WHERE user_id = $1', [user.id]))[0]!.n);
  for (const user of unique) {
    await keepSignedIn(user, ctx.http, world.clock.now());
    sentBy(user, world.clock.now());
  }
  const before = await Promise.all(unique.map(count));
  const calls = unique.map((user) => {
    const key = randomUUID().replace(/-/g, '');
    const params = { currency_id: '3', number: String(action.a.amount), from_field: 'change', to_field: 'lever' };
    return { user, key, params, first: ctx.http.call('/wallet/change', params, { token: user.token, ip: user.ip, key }) };
  });
  await new Promise((r) => setTimeout(r, Number(action.a.delayMs)));
  await timed('crash: the crash', async () => {
    await world.crash();
    await Promise.all(calls.map((c) => c.first));
  });
  await timed('crash: restart', restart);
  for (const [i, c] of calls.entries()) {
    let answer = await ctx.http.call('/wallet/change', c.params, { token: c.user.token, ip: c.user.ip, key: c.key });
    for (let n = 0; n < 20 && answer.status === 409; n++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await ctx.http.call('/wallet/change', c.params, { token: c.user.token, ip: c.user.ip, key: c.key });
    }
    if (answer.status === 0 || answer.status >= 500) ctx.violation(`/wallet/change after the restart: HTTP ${answer.status}`);
    const made = (await count(c.user)) - before[i]!;
    const expected = isOk(answer) ? 1 : 0;
    if (answerLost(answer) ? made > 1 : made !== expected)
      ctx.violation(`a transfer cut off by the crash and retried made ${made} transfers, expected ${expected}`);
  }
}
