import type { PrivateSnapshot, UserMessage } from '../../domain/protocol';
import { SeqTracker } from './SeqTracker';

/** Key of the private channel in the sequence tracker. */
const USER = 'user';

/** What the private channel hands on. */
export interface PrivateChannelHandlers {
  /** The channel's whole state (replace what is kept); null when the channel closed (no or bad token, session ended). */
  snapshot(snap: PrivateSnapshot | null): void;
  /** One live message, in `seq` order, already checked. */
  message(msg: UserMessage): void;
  /** A resync started (true) or ended (false). */
  resyncing(active: boolean): void;
}

/**
 * Reads the private snapshot over REST: the snapshot, `'unauthorized'` when the session is no
 * longer valid, or a throw on network trouble.
 */
export type PrivateSnapshotFetch = () => Promise<PrivateSnapshot | 'unauthorized'>;

/**
 * The private channel's sequence checks, the same as the public topics': the `auth` answer
 * sets the base, each message must carry `last + 1`, a jump fetches a snapshot over REST, and
 * messages arriving meanwhile (or before the `auth` answer) are held and replayed past it.
 * Socket-free, so the rules are tested on their own; `Feed` drives it.
 */
export class PrivateChannel {
  private readonly seq = new SeqTracker();
  /** Bumped on every join and close: an answer for an older one is ignored. */
  private generation = 0;
  private open = false;
  private joining = false;
  private resyncActive = false;
  /** Messages held while joining or resyncing. */
  private held: UserMessage[] | null = null;

  constructor(
    private readonly fetchSnapshot: PrivateSnapshotFetch,
    private readonly handlers: PrivateChannelHandlers,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  get isResyncing(): boolean {
    return this.resyncActive;
  }

  /** An `auth` is being sent: hold messages until its answer. Returns the ticket for `joined`. */
  join(): number {
    this.generation += 1;
    this.setResyncing(false);
    this.joining = true;
    this.held = [];
    this.seq.forget(USER);
    return this.generation;
  }

  /** The answer to the `auth` of `ticket`: the snapshot when accepted, null when refused. */
  joined(ticket: number, snapshot: PrivateSnapshot | null): void {
    if (ticket !== this.generation) return;
    if (!snapshot) return this.close();
    this.joining = false;
    this.open = true;
    this.apply(snapshot);
  }

  /** Leaves the channel (logout, a refused token, a revoked session) and clears its state. */
  close(): void {
    const wasOpen = this.open || this.joining;
    this.generation += 1;
    this.open = false;
    this.joining = false;
    this.held = null;
    this.seq.forget(USER);
    this.setResyncing(false);
    if (wasOpen) this.handlers.snapshot(null);
  }

  /** One message of the private channel, as it arrived. */
  receive(msg: UserMessage): void {
    if (msg.kind === 'session' && msg.data.event === 'revoked') {
      // The answer of a pending `auth` decides instead: this may be the previous session's end.
      if (this.joining || !this.open) return;
      this.handlers.message(msg);
      return this.close();
    }
    if (this.held) {
      this.held.push(msg);
      return;
    }
    if (!this.open) return;
    const verdict = this.seq.accept(USER, msg.seq);
    if (verdict === 'next') this.handlers.message(msg);
    else if (verdict === 'gap') void this.resync(msg);
  }

  /** Replaces the state with `snap`, then replays the held messages past it. */
  private apply(snap: PrivateSnapshot): void {
    const pending = this.held ?? [];
    this.held = null;
    this.seq.reset(USER, snap.seq);
    this.handlers.snapshot(snap);
    for (const m of pending.sort((a, b) => a.seq - b.seq)) this.receive(m);
  }

  private async resync(first: UserMessage): Promise<void> {
    const ticket = this.generation;
    this.held = [first];
    this.setResyncing(true);
    let answer: PrivateSnapshot | 'unauthorized' | null = null;
    try {
      answer = await this.fetchSnapshot();
    } catch {
      answer = null;
    }
    if (ticket !== this.generation) return;
    this.setResyncing(false);
    if (answer === 'unauthorized') return this.close();
    if (answer === null) {
      // Network trouble: the next message finds no base and tries again.
      this.held = null;
      this.seq.forget(USER);
      return;
    }
    this.apply(answer);
  }

  private setResyncing(active: boolean): void {
    if (active === this.resyncActive) return;
    this.resyncActive = active;
    this.handlers.resyncing(active);
  }
}
