import type { FastifyBaseLogger } from 'fastify';
import type { OutboxEntry } from '../../domain/auth/types';
import type { Lang } from '../../domain/i18n';

export interface CodeMessage {
  /** Email address, or phone as `+<area><number>`. */
  to: string;
  scene: string;
  code: string;
  lang: Lang;
  at: number;
  /** The recipient's anti-phishing code (docs/SECURITY.md), or null when they set none. */
  antiPhishing: string | null;
  /** The message to send, in `lang`: the code and, when set, the "Anti-phishing code: …" line. */
  text: string;
}

/** Sends a verification code by mail or SMS. A real provider implements this; the default logs. */
export interface CodeDelivery {
  deliver(message: CodeMessage): Promise<void>;
}

/** The embedded default: with no mail or SMS provider configured, the code goes to the server log. */
export function createLogDelivery(log: FastifyBaseLogger): CodeDelivery {
  return {
    async deliver(m) {
      log.info({ to: m.to, scene: m.scene }, `message for ${m.to} (${m.scene}): ${m.text}`);
    },
  };
}

const OUTBOX_MAX = 500;

/**
 * Where DEV_OUTBOX keeps sent codes. The seam for more than one node (a code sent through one
 * node must be readable through another): this in-process list is the default; a Redis list
 * (LPUSH + LTRIM, read with LRANGE) implements the same two calls.
 */
export interface OutboxStore {
  add(entry: OutboxEntry): Promise<void>;
  /** Every entry, newest first. */
  all(): Promise<OutboxEntry[]>;
}

/** The in-process outbox: the newest 500 entries. */
export class MemoryOutboxStore implements OutboxStore {
  private entries: OutboxEntry[] = [];

  async add(entry: OutboxEntry): Promise<void> {
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, OUTBOX_MAX);
  }

  async all(): Promise<OutboxEntry[]> {
    return this.entries;
  }
}

/** DEV_OUTBOX=1: keeps sent codes so scripts and tests can register without a mailbox. */
export class DevOutbox implements CodeDelivery {
  constructor(
    private readonly next: CodeDelivery,
    private readonly store: OutboxStore = new MemoryOutboxStore(),
  ) {}

  async deliver(m: CodeMessage): Promise<void> {
    await this.store.add({ to: m.to, scene: m.scene, code: m.code, at: m.at, text: m.text, anti_phishing: m.antiPhishing });
    await this.next.deliver(m);
  }

  /** Codes sent to `to`, newest first. A phone matches with or without its `+` (which a query string turns into a space). */
  async list(to: string): Promise<OutboxEntry[]> {
    const key = normalizeAddress(to);
    return (await this.store.all()).filter((e) => normalizeAddress(e.to) === key);
  }
}

function normalizeAddress(address: string): string {
  return address.replace(/[\s+]/g, '').toLowerCase();
}
