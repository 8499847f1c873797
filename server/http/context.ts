import type { Lang } from '../../domain/i18n';
import type { Contract, EndpointPath, OutputOf, ParsedInputOf } from '../../domain/api/contract';
import type { TxRunner } from '../ledger/tx';
import type { Translate } from './translator';

/** The signed-in caller, resolved from the token; never from the request body. */
export interface AuthUser {
  id: number;
  sessionId: number;
}

/** What every handler gets besides its validated input. */
export interface RequestContext {
  lang: Lang;
  t: Translate;
  ip: string;
  userAgent: string;
  /** The app's random device id (`X-Device-Id`, 8–64 letters, digits, `-` or `_`), else null. */
  deviceId: string | null;
  /** The raw session token, when one was sent and is valid. */
  token: string | null;
  user: AuthUser | null;
  /**
   * Runs the request's effect in one transaction. For an idempotent endpoint called with an
   * `Idempotency-Key`, the key is recorded in that same transaction (server/http/idempotency.ts);
   * otherwise it is a plain transaction. Work registered with its `afterCommit` (socket pushes)
   * runs once it has committed.
   */
  tx: TxRunner;
}

type ContextFor<P extends EndpointPath> = Contract[P]['access'] extends 'user'
  ? RequestContext & { user: AuthUser; token: string }
  : RequestContext;

/** A handler of endpoint `P`: validated input in, the answer's payload out; failures throw `AppError`. */
export type Handler<P extends EndpointPath> = (input: ParsedInputOf<P>, ctx: ContextFor<P>) => Promise<OutputOf<P>>;

/** Handlers for some endpoints; the app merges them and checks none is missing. */
export type HandlerMap = { [P in EndpointPath]?: Handler<P> };
