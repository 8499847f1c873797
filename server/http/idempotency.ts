import { createHash, randomUUID } from 'node:crypto';
import { ANSWER_LOST_CODE, type ApiEnvelope } from '../../domain/api/envelope';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';
import { txRunner, type TxRunner } from '../ledger/tx';
import { AppError, failureOf } from './AppError';
import type { Translate } from './translator';

/** The request header that names one attempt of a money call (lower case, as Node reads it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1–64 letters, digits, `_` or `-`. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** A key answers its first result for this long; after that it may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;
/** How long a retry waits for the first request with its key to finish before answering "in progress" (`AppOptions.idempotencyWaitMs`). */
const WAIT_FOR_FIRST_MS = 15_000;
/** The scope of keys sent to the operator API (users have ids from 1). */
export const OPERATOR_SCOPE = 0;

/** An answer as it is sent: HTTP status and the envelope's JSON text, replayed byte for byte. */
export interface StoredAnswer {
  status: number;
  text: string;
}

/** The answer to send for an envelope: its JSON text, written once. */
export function answerOf(status: number, body: ApiEnvelope<unknown>): StoredAnswer {
  return { status, text: JSON.stringify(body) };
}

/**
 * A stored answer: `{status, body}` with `body` the envelope's text; a row stored before the
 * text was kept (migration 026) holds the envelope as an object, answered in its stored key order.
 */
function parseAnswer(stored: string): StoredAnswer {
  const { status, body } = JSON.parse(stored) as { status: number; body: string | ApiEnvelope<unknown> };
  return { status, text: typeof body === 'string' ? body : JSON.stringify(body) };
}

const storedText = (answer: StoredAnswer) => JSON.stringify({ status: answer.status, body: answer.text });

export interface IdempotentRequest {
  /** Whose key it is: the signed-in user, or `OPERATOR_SCOPE`. */
  userId: number;
  key: string;
  path: string;
  /** The request's parameters; `lang` and passwords are left out of its hash. */
  params: Record<string, unknown>;
}

interface KeyRow {
  path: string;
  request_hash: string;
  response: string | null;
  /** The process that claimed the key (`Idempotency.process`); null when unknown. */
  claimed_by: string | null;
}

const keyRows = rowReader<KeyRow>('idempotency_keys', { path: 'text', request_hash: 'text', response: 'text?', claimed_by: 'text?' });

/** Thrown inside the claiming transaction when another request already holds the key. */
class Replay extends Error {}

/** The `Idempotency-Key` header: null when absent, false when malformed. */
export function readIdempotencyKey(header: unknown): string | null | false {
  if (header === undefined) return null;
  return typeof header === 'string' && IDEMPOTENCY_KEY_RE.test(header) ? header : false;
}

/** Canonical JSON (sorted keys) of everything but `lang` and secrets: a retry in another language is the same request. */
export function requestHash(path: string, params: Record<string, unknown>): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .filter((k) => k !== 'lang' && !/password/i.test(k))
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify([path, canonical(params)]))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency keys for calls that move money (Stripe's rules): the first answer to a key —
 * success or business error alike — is the answer to every retry with that key for 24 hours,
 * and the effect happens once. The key is claimed inside the effect's own transaction (the
 * first `tx` the handler runs), so the effect and the claim commit or roll back together; on
 * PostgreSQL a concurrent request with the same key waits on the claim's unique index until
 * the first commits, then answers the first's result. The answer is stored right after.
 *
 * Not stored, so a retry runs again: failures before the handler runs (session, identity
 * level, validation) and server errors before the effect committed. A key sent again with a
 * different request answers 422. A retry that finds the key claimed (its transaction committed)
 * but no answer stored after 15 s has met a request whose server stopped between the commit and
 * the answer (a live one stores it within milliseconds): it stores and answers
 * `ANSWER_LOST_CODE` ("may have been carried out, check your records"), so every later retry
 * gets that definite answer and none runs the effect again. It does so at once when the claim
 * is another process's and this node is the only one (`alone`: no other node could be running
 * it, so its server stopped): a user retrying after a restart is not kept waiting. A retry
 * that finds the first still running, its claim not yet committed, waits on it (PostgreSQL) or
 * answers 409.
 */
export class Idempotency {
  /** A plain transaction runner, for requests without a key. */
  readonly direct: TxRunner;

  /** This process's id on the claims it makes: drawn at start, so a restarted server's differs. */
  readonly process = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Real time, not the clock's: it waits for another request's progress. */
    private readonly waitForFirstMs = WAIT_FOR_FIRST_MS,
    /** Whether this node is the only one (no cluster bus): another process's claim is then a stopped server's. */
    private readonly alone = true,
  ) {
    this.direct = txRunner(db);
  }

  /** Runs `work` once per key; resolves with the answer to send (the stored one on a retry). */
  async run(req: IdempotentRequest, t: Translate, work: (tx: TxRunner) => Promise<unknown>): Promise<StoredAnswer> {
    const hash = requestHash(req.path, req.params);
    const known = await this.find(this.db, req);
    if (known) return this.answerFrom(req, hash, known, t);

    let started = false;
    let claimed = false;
    const tx: TxRunner = async (fn) => {
      // Only the first transaction carries the key; a handler that runs more uses plain ones.
      if (started) return this.direct(fn);
      started = true;
      const result = await txRunner(this.db, async (q) => {
        if (!(await this.insert(q, req, hash, null))) throw new Replay();
      })(fn);
      claimed = true;
      return result;
    };

    let answer: StoredAnswer;
    try {
      answer = answerOf(200, { type: 'ok', code: 1, message: await work(tx) });
    } catch (error) {
      if (error instanceof Replay) return this.answerFrom(req, hash, null, t);
      if (!(error instanceof AppError)) {
        // The effect committed but its answer could not be built: retries must not run it again.
        if (claimed) await this.save(req, answerOf(500, { type: 'error', code: 0, message: t('errors.internal') }));
        throw error;
      }
      answer = answerOf(200, failureOf(error, t));
    }
    if (claimed) {
      await this.save(req, answer);
      return answer;
    }
    // Failed before any transaction (or never needed one): record the answer unless another request got there first.
    if (await this.insert(this.db, req, hash, answer)) return answer;
    return this.answerFrom(req, hash, null, t);
  }

  /** Deletes keys older than 24 h; resolves with how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.query('DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING id', [
      this.clock.now() - IDEMPOTENCY_TTL_MS,
    ]);
    return rows.length;
  }

  /** Sweeps every hour on the clock; returns the stop function. */
  start(onError: (error: unknown) => void): () => void {
    return this.clock.every(SWEEP_EVERY_MS, () => void this.sweep().catch(onError));
  }

  /** The stored answer, after waiting for the first request to finish; 422 for another request under the same key. */
  private async answerFrom(req: IdempotentRequest, hash: string, row: KeyRow | null, t: Translate): Promise<StoredAnswer> {
    const deadline = Date.now() + this.waitForFirstMs;
    for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
      row ??= await this.find(this.db, req);
      if (row && (row.path !== req.path || row.request_hash !== hash)) {
        return answerOf(422, { type: 'error', code: 0, message: t('errors.idempotencyKeyReused') });
      }
      if (row?.response) return parseAnswer(row.response);
      const stopped = row !== null && row.claimed_by !== null && row.claimed_by !== this.process && this.alone;
      if (stopped || Date.now() >= deadline) {
        if (!row) return answerOf(409, { type: 'error', code: 0, message: t('errors.requestInProgress') });
        // Claimed and committed, never answered: its server stopped in between. Store a definite
        // answer (unless the real one just landed) and answer what is stored.
        await this.save(req, answerOf(200, { type: 'error', code: ANSWER_LOST_CODE, message: t('errors.requestAnswerLost') }));
        const stored = await this.find(this.db, req);
        return parseAnswer(stored!.response!);
      }
      await sleep(pause);
      row = null;
    }
  }

  private async find(q: Queryable, req: IdempotentRequest): Promise<KeyRow | null> {
    const row = await keyRows.one(
      q,
      `SELECT path, request_hash, response, claimed_by FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at >= $3`,
      [req.userId, req.key, this.clock.now() - IDEMPOTENCY_TTL_MS],
    );
    return row ?? null;
  }

  /** Claims the key (with its answer, when known); false when a live row holds it. An expired row is taken over. */
  private async insert(q: Queryable, req: IdempotentRequest, hash: string, answer: StoredAnswer | null): Promise<boolean> {
    const now = this.clock.now();
    const rows = await q.query(
      `INSERT INTO idempotency_keys (user_id, key, path, request_hash, response, created_at, claimed_by) VALUES ($1, $2, $3, $4, $5, $6, $8)
       ON CONFLICT ON CONSTRAINT idempotency_keys_once DO UPDATE
         SET path = EXCLUDED.path, request_hash = EXCLUDED.request_hash, response = EXCLUDED.response, created_at = EXCLUDED.created_at,
             claimed_by = EXCLUDED.claimed_by
         WHERE idempotency_keys.created_at < $7
       RETURNING id`,
      [req.userId, req.key, req.path, hash, answer ? storedText(answer) : null, now, now - IDEMPOTENCY_TTL_MS, this.process],
    );
    return rows.length > 0;
  }

  private async save(req: IdempotentRequest, answer: StoredAnswer): Promise<void> {
    await this.db.query('UPDATE idempotency_keys SET response = $3 WHERE user_id = $1 AND key = $2 AND response IS NULL', [
      req.userId,
      req.key,
      storedText(answer),
    ]);
  }
}
