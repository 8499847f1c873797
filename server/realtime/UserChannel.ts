import type { PrivateKind, PrivatePayloads, UserMessage } from '../../domain/protocol';
import type { UserSequences } from './UserSequences';

/** A private message's payload, or a function that reads it when the message is numbered (null: send nothing). */
export type UpdateOrLoader<K extends PrivateKind> = PrivatePayloads[K]['update'] | (() => Promise<PrivatePayloads[K]['update'] | null>);

/** A private message waiting for its number, and the caller waiting for that number. */
interface Pending {
  kind: PrivateKind;
  data: UpdateOrLoader<PrivateKind>;
  resolve(seq: number | null): void;
}

/**
 * The numbering of each user's private channel on this node. Everything that touches one user's
 * channel (a publish, a snapshot, a revocation) runs in that user's queue, one at a time, so
 * messages leave in `seq` order and a snapshot read at `seq = n` is followed by message `n + 1`.
 *
 * Messages published for a user before their turn in the queue comes (the balances and the order
 * of one commit, the effects of one sweep) are numbered together: one block of numbers from
 * `UserSequences`, so one statement whatever their count. The numbers of a block are consecutive
 * and the messages keep the order they were published in, so a client sees exactly what it
 * would have seen had each taken its own number.
 */
export class UserChannel {
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly unnumbered = new Map<number, Pending[]>();
  private closed = false;

  constructor(
    readonly sequences: UserSequences,
    /** Hands a numbered message to the user's sockets. */
    private readonly send: (userId: number, message: UserMessage) => void,
  ) {}

  /**
   * Sends a message on the user's channel once its turn comes; resolves with its number, or null
   * when nothing was sent: a loader answered null, the message could not be read or numbered (a
   * database fault, logged; the client's next snapshot carries the change), or the channel is
   * closing. It never rejects: callers announce after commit and must not be failed by it. A
   * loader runs right before its message is numbered, after every earlier message's loader, so a
   * later message never carries older values than an earlier one.
   */
  publish<K extends PrivateKind>(userId: number, kind: K, data: UpdateOrLoader<K>): Promise<number | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise<number | null>((resolve) => {
      let batch = this.unnumbered.get(userId);
      if (!batch) {
        batch = [];
        this.unnumbered.set(userId, batch);
        void this.inQueue(userId, () => this.numberAndSend(userId));
      }
      batch.push({ kind, data: data as UpdateOrLoader<PrivateKind>, resolve });
    });
  }

  /** Runs `task` after every earlier task of the same user (on this node), even a failed one. */
  inQueue<T>(userId: number, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(userId) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    this.queues.set(userId, tail);
    void tail.then(() => {
      if (this.queues.get(userId) === tail) this.queues.delete(userId);
    });
    return run;
  }

  /** Takes no more messages and resolves once every queued task has run (the messages under way still count their `seq`). */
  async close(): Promise<void> {
    this.closed = true;
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /**
   * The queue's turn for the user's waiting messages: each loader in publish order, then one
   * block of numbers for those still to send. A loader that throws loses its own message only.
   */
  private async numberAndSend(userId: number): Promise<void> {
    const batch = this.unnumbered.get(userId) ?? [];
    this.unnumbered.delete(userId);
    const ready: { message: Pending; payload: unknown }[] = [];
    for (const message of batch) {
      try {
        const payload = typeof message.data === 'function' ? await message.data() : message.data;
        if (payload === null) message.resolve(null);
        else ready.push({ message, payload });
      } catch (error) {
        notSent(userId, message.kind, error);
        message.resolve(null);
      }
    }
    if (!ready.length) return;
    let last: number;
    try {
      last = await this.sequences.next(userId, ready.length);
    } catch (error) {
      for (const { message } of ready) {
        notSent(userId, message.kind, error);
        message.resolve(null);
      }
      return;
    }
    let seq = last - ready.length;
    for (const { message, payload } of ready) {
      seq++;
      this.send(userId, { topic: 'user', kind: message.kind, seq, data: payload } as UserMessage);
      message.resolve(seq);
    }
  }
}

function notSent(userId: number, kind: PrivateKind, error: unknown): void {
  console.error(`private channel: ${kind} message to user ${userId} not sent`, error);
}
