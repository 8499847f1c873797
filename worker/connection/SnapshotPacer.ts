/**
 * When the worker posts the UI a snapshot (docs/REALTIME.md, step 4): at most one
 * per frame (or per `intervalMs` when set), however many ticks arrive, never a second before
 * the UI drew the first, and then only after the rest the UI's answer asks for (1.5× what the
 * last one cost it). A phone that takes longer than a frame to render gets snapshots at the pace
 * it draws them, each holding everything since, instead of a queue that grows. An interval paces
 * from the last snapshot, leading edge first: a change after a quiet spell goes out at once, and
 * under a steady feed each batch goes as soon as the interval since the previous snapshot has
 * passed, not a whole interval after it arrived (bench/ latency).
 */

/**
 * If the UI stays silent this long (a tab hidden before its frame ran), the last snapshot counts as
 * drawn. With no interval the next still waits for the worker's own next frame, which a hidden tab
 * does not run: it gets everything at once when it shows again.
 */
const DRAW_WAIT_MAX_MS = 2000;
/** The longest rest asked of the feed after one snapshot, however slow the UI said it was. */
const REST_MAX_MS = 500;
/**
 * The main thread's rest after a snapshot, per ms the snapshot cost it: 1.5 keeps snapshots to
 * about 40% of it (the cost the UI reports misses some work, such as the chart's own frames).
 */
const REST_PER_COST = 1.5;

export class SnapshotPacer {
  /** The UI's end of the snapshot channel: snapshots go out on it, and the UI answers each once drawn. */
  private port: MessagePort | null = null;
  private intervalMs = 0;
  private scheduled = false;
  /** When the last snapshot was posted (`performance.now()`), to pace the next. */
  private lastFlushAt = -Infinity;
  /** A snapshot was posted and the UI has not yet said it was drawn. */
  private awaitingDraw = false;
  private drawWait: ReturnType<typeof setTimeout> | undefined;
  /** Before this (`performance.now()`) no snapshot goes: the main thread's share of idle time. */
  private restUntil = 0;
  /** The look at changes held back, when one is set (`later`). */
  private laterTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `isDirty`: whether changes should go now; `dueInMs`: how long until changes held back should
   * (a flush that finds nothing to send looks again then); `take`: the changes, which clears them.
   */
  constructor(private readonly source: { readonly isDirty: boolean; readonly dueInMs?: number | null; take(): unknown }) {}

  /** Caps the snapshot rate below the frame rate; 0 means once per animation frame. */
  setInterval(ms: number): void {
    this.intervalMs = ms;
  }

  /** Takes the port snapshots are posted on; the UI answers each snapshot there once a frame shows it, with its cost in ms. */
  attach(port: MessagePort): void {
    this.port?.close();
    this.port = port;
    port.onmessage = (e: MessageEvent<unknown>) => this.drawn(typeof e.data === 'number' ? e.data : 0);
    this.awaitingDraw = false;
    this.schedule();
  }

  /** Something changed: a snapshot goes when the pace allows. */
  readonly schedule = (): void => {
    if (this.scheduled || this.awaitingDraw) return;
    this.scheduled = true;
    const now = performance.now();
    // The rest the UI's last answer asked for holds in either mode; past it, with no interval
    // set, the snapshot goes with the worker's next animation frame.
    const wait = Math.max(0, this.restUntil - now, this.intervalMs > 0 ? this.lastFlushAt + this.intervalMs - now : 0);
    if (wait > 0 || this.intervalMs > 0) setTimeout(this.flush, wait);
    else if (typeof requestAnimationFrame === 'function') requestAnimationFrame(this.flush);
    else setTimeout(this.flush, 16);
  };

  /** Sends the pending changes, if any, to the UI. */
  private readonly flush = (): void => {
    this.scheduled = false;
    if (!this.port || this.awaitingDraw) return;
    if (!this.source.isDirty) return this.later();
    this.lastFlushAt = performance.now();
    this.port.postMessage(this.source.take());
    this.awaitingDraw = true;
    this.drawWait = setTimeout(() => this.drawn(0), DRAW_WAIT_MAX_MS);
  };

  /**
   * The UI drew the last snapshot and says what it cost its main thread (or took too long to say
   * so): the next may go once the main thread has had `REST_PER_COST` times as long for everything
   * else, so snapshots never take most of it (bench/ live-screen at 4× CPU).
   */
  private drawn(costMs: number): void {
    clearTimeout(this.drawWait);
    this.awaitingDraw = false;
    this.restUntil = performance.now() + Math.min(REST_MAX_MS, Math.max(0, costMs * REST_PER_COST));
    if (this.source.isDirty) this.schedule();
    else this.later();
  }

  /** Nothing to send now: changes held back are looked at again when they are due. */
  private later(): void {
    const due = this.source.dueInMs;
    if (due === undefined || due === null || this.laterTimer !== undefined) return;
    this.laterTimer = setTimeout(() => {
      this.laterTimer = undefined;
      this.schedule();
    }, due);
  }
}
