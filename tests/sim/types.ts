/**
 * The simulation's vocabulary. A run is a list of `Action`s drawn from the seed before anything
 * runs; each names its kind, a user by position (`u`, taken modulo the users registered so far,
 * so an action still means something when the shrinker removes others) and plain arguments. What
 * an argument picks among (a position, an order) is chosen when the action runs, from what the
 * server says then. So a list of actions is a complete, printable, replayable test case.
 */
import type { Answer } from './http';
import type { Http } from './http';
import type { Rng } from './rng';
import type { World } from './world';
import type { PriceModel } from './prices';

export type Arg = number | string | boolean;

export interface Action {
  kind: string;
  /** The acting user's position among those registered (modulo their number); absent for system actions. */
  u?: number;
  a: Record<string, Arg>;
}

/** A user the simulation registered, as it knows them. */
export interface SimUser {
  index: number;
  id: number;
  email: string;
  password: string;
  token: string;
  /** When this session began and when the user last called (the sim clock; tests/sim/session.ts). */
  signedInAt: number;
  seenAt: number;
  /** How often the user signed in again after a session ended. */
  signIns: number;
  ip: string;
  lang: string;
  /** Identity level 1 (approved by the operator). */
  verified: boolean;
  /** The payment password is set (`PAY_PASSWORD`). */
  payPassword: boolean;
  /** A saved USDT withdrawal address. */
  addressId: number | null;
}

/** How a money call is disturbed: sent once, sent twice with one key, or cut off mid-flight and retried. */
export type Fault = 'none' | 'retry' | 'abort';

export interface MoneyCall {
  path: string;
  params: Record<string, string>;
  fault: Fault;
  /**
   * Counts what one successful call creates for this user (orders, positions): checked to rise
   * by exactly one for an accepted call and not at all for a refused one, however it was retried.
   */
  effects?: () => Promise<number>;
}

export type Outcome = 'ok' | 'refused' | 'skipped';

export interface Ctx {
  world: World;
  http: Http;
  prices: PriceModel;
  /** This action's own stream of chance (runtime choices such as which open order to cancel). */
  rng: Rng;
  step: number;
  users: SimUser[];
  /** Records a broken invariant; the run stops after the step. */
  violation(message: string): void;
  /** A plain user call; a 5xx or a lost answer is a violation. */
  call<T = unknown>(user: SimUser | null, path: string, params?: Record<string, string>, method?: 'GET' | 'POST'): Promise<Answer<T>>;
  /** A money call under `fault`; answers the final answer (after any retry). */
  money<T = unknown>(user: SimUser, call: MoneyCall): Promise<Answer<T>>;
  /** An operator call; anything but `ok` is a violation unless `refusalExpected`. */
  ops<T = unknown>(
    path: Parameters<Http['ops']>[0],
    input?: Record<string, string | number>,
    refusalExpected?: boolean,
  ): Promise<Answer<T>>;
  /** Moves the clock and the market together (ticks every few seconds of it), then lets every engine finish. */
  advance(ms: number): Promise<void>;
  /** Cuts the socket of one watched user's channel (`pick` modulo their number); the next cut or checkpoint reconnects it. */
  dropChannel(pick: number): Promise<void>;
  /** Lets every engine finish what is due now. */
  settle(): Promise<void>;
  /** A single SQL read (for choosing among the user's rows, and for checks). */
  query<T>(sql: string, params?: (string | number)[]): Promise<T[]>;
}

export interface ActionSpec {
  kind: string;
  /** The product area, for the report. */
  area: string;
  /** Relative weight in the generated mix. */
  weight: number;
  /** True when the action acts as a registered user. */
  byUser: boolean;
  /** Draws the arguments from the seed alone (never from the server's state). */
  gen(rng: Rng): Action['a'];
  run(ctx: Ctx, user: SimUser | null, a: Action['a']): Promise<Outcome>;
}

/** One broken rule, as the run reports it. */
export interface Violation {
  step: number;
  kind: string;
  message: string;
}
