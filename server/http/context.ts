import type { Lang } from '../../domain/i18n';
import type { Contract, EndpointPath, OutputOf, ParsedInputOf } from '../../domain/api/contract';
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
  /** The raw session token, when one was sent and is valid. */
  token: string | null;
  user: AuthUser | null;
}

type ContextFor<P extends EndpointPath> = Contract[P]['access'] extends 'user'
  ? RequestContext & { user: AuthUser; token: string }
  : RequestContext;

/** A handler of endpoint `P`: validated input in, the answer's payload out; failures throw `AppError`. */
export type Handler<P extends EndpointPath> = (input: ParsedInputOf<P>, ctx: ContextFor<P>) => Promise<OutputOf<P>>;

/** Handlers for some endpoints; the app merges them and checks none is missing. */
export type HandlerMap = { [P in EndpointPath]?: Handler<P> };
