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
}

/** Sends a verification code by mail or SMS. A real provider implements this; the default logs. */
export interface CodeDelivery {
  deliver(message: CodeMessage): Promise<void>;
}

/** The embedded default: with no mail or SMS provider configured, the code goes to the server log. */
export function createLogDelivery(log: FastifyBaseLogger): CodeDelivery {
  return {
    async deliver(m) {
      log.info({ to: m.to, scene: m.scene }, `verification code for ${m.to} (${m.scene}): ${m.code}`);
    },
  };
}

const OUTBOX_MAX = 500;

/** DEV_OUTBOX=1: keeps sent codes in memory so scripts and tests can register without a mailbox. */
export class DevOutbox implements CodeDelivery {
  private entries: OutboxEntry[] = [];

  constructor(private readonly next: CodeDelivery) {}

  async deliver(m: CodeMessage): Promise<void> {
    this.entries.unshift({ to: m.to, scene: m.scene, code: m.code, at: m.at });
    this.entries.length = Math.min(this.entries.length, OUTBOX_MAX);
    await this.next.deliver(m);
  }

  /** Codes sent to `to`, newest first. A phone matches with or without its `+` (which a query string turns into a space). */
  list(to: string): OutboxEntry[] {
    const key = normalizeAddress(to);
    return this.entries.filter((e) => normalizeAddress(e.to) === key);
  }
}

function normalizeAddress(address: string): string {
  return address.replace(/[\s+]/g, '').toLowerCase();
}
