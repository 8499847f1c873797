/**
 * Whether `error` means the database could not be reached (down, restarting, the connection cut)
 * rather than a fault of the request or the code. Such a request failed before anything
 * committed — a transaction whose connection dies is rolled back by PostgreSQL — so the answer is
 * "try again", 503, and the idempotency key makes the retry safe.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** SQLSTATE class 08 (connection exception) and the shutdown states of class 57. */
const SQL_STATES = new Set(['57P01', '57P02', '57P03']);
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_STATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
