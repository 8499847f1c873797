import type { ActionSpec } from '../types';

/** A read for checks: SQL and parameters in, rows out. */
export type Query = <T>(sql: string, params?: (string | number)[]) => Promise<T[]>;

/**
 * Answers, as sentences, what should have settled by `now` and has not (an option past its
 * expiry, a product past its maturity, an auction past its end…). Empty when all is due is done.
 */
export type DueCheck = (query: Query, now: number) => Promise<string[]>;

/** One product area's part of the simulation: what its users do, and what must have happened by when. */
export interface AreaModule {
  actions: ActionSpec[];
  due?: DueCheck[];
}
