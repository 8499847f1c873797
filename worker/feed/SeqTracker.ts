/** What to do with a message, given its topic's last applied sequence number. */
export type SeqVerdict = 'next' | 'stale' | 'gap';

/**
 * Detects lost messages: per topic, the next message must carry exactly `last + 1`. A jump is a
 * gap (resync from a snapshot); an older number is a duplicate or a message the snapshot
 * already covers.
 */
export class SeqTracker {
  private readonly last = new Map<string, number>();

  /** Sets the base after a snapshot at `seq`. */
  reset(topic: string, seq: number): void {
    this.last.set(topic, seq);
  }

  forget(topic: string): void {
    this.last.delete(topic);
  }

  /** Judges `seq` for `topic` and, when it is the next one, records it. */
  accept(topic: string, seq: number): SeqVerdict {
    const last = this.last.get(topic);
    if (last === undefined) return 'gap';
    if (seq <= last) return 'stale';
    if (seq !== last + 1) return 'gap';
    this.last.set(topic, seq);
    return 'next';
  }
}
