/**
 * The leader role. Some work must run on exactly one node at a time: the market source (it
 * writes prices and bars) and the engines (fills, liquidation, settlement, accrual…). Every node
 * serves the API and sockets; only the leader runs those. On PostgreSQL the role is a session
 * advisory lock held on a connection of its own, so it passes to another node when the leader
 * dies (its connection closes) or stops. On PGlite there is one process, and it always leads.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';

/** What the leader runs: started when the role is won, stopped when it is lost or the node stops. */
export interface LeaderWork {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface Leadership {
  readonly isLeader: boolean;
  /** Tries for the role now and then every `retryMs` while a follower; runs `work` while leading. */
  start(work: LeaderWork): Promise<void>;
  /** Stops the work (if leading) and gives the role up. */
  stop(): Promise<void>;
}

/** The single-process role: granted at once, never lost. */
export function soleLeadership(): Leadership {
  let work: LeaderWork | null = null;
  return {
    get isLeader() {
      return work !== null;
    },
    async start(w) {
      work = w;
      await w.start();
    },
    async stop() {
      const w = work;
      work = null;
      await w?.stop();
    },
  };
}

/** The advisory lock's two keys: an application namespace and the role. */
const LOCK_NAMESPACE = 0x4b657374; // "Kest"
const LEADER_LOCK = 1;

/**
 * Leadership by `pg_try_advisory_lock` on a dedicated connection. A follower retries every
 * `retryMs` (on the injected clock). If the lock connection fails, the node stops its work at
 * once: another node may take the role as soon as PostgreSQL sees the session end.
 */
export class AdvisoryLockLeadership implements Leadership {
  private client: pg.Client | null = null;
  private work: LeaderWork | null = null;
  private leading = false;
  private stopRetry: (() => void) | null = null;
  private attempt: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly retryMs = 5_000,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  async start(work: LeaderWork): Promise<void> {
    this.work = work;
    this.stopped = false;
    await this.tryTake();
    this.stopRetry = this.clock.every(this.retryMs, () => void this.tryTake());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopRetry?.();
    this.stopRetry = null;
    await this.attempt;
    await this.resign();
  }

  /** One attempt at the role; attempts never overlap. */
  private tryTake(): Promise<void> {
    if (this.leading || this.stopped || this.attempt) return this.attempt ?? Promise.resolve();
    this.attempt = this.takeOnce()
      .catch((error: unknown) => this.log.warn({ err: error }, 'leader election: attempt failed'))
      .finally(() => (this.attempt = null));
    return this.attempt;
  }

  private async takeOnce(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('error', (error) => void this.lost(error));
      await client.connect();
      this.client = client;
    }
    const { rows } = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_NAMESPACE, LEADER_LOCK]);
    if (!rows[0]?.ok || this.stopped) return;
    this.leading = true;
    this.log.info('leader election: this node leads (market source and engines run here)');
    await this.work?.start();
  }

  /** The lock connection broke: stop leading at once; the retry timer tries again on a new connection. */
  private async lost(error: unknown): Promise<void> {
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => undefined);
    if (!this.leading) return;
    this.leading = false;
    this.log.error({ err: error }, 'leader election: lost the lock connection; stopping leader work');
    await this.work?.stop();
  }

  private async resign(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (this.leading) {
      this.leading = false;
      await this.work?.stop();
    }
    if (!client) return;
    // Closing the session releases the lock; unlock first so a follower need not wait for the close.
    await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, LEADER_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
