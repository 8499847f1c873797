/**
 * When the chart does its work: its setup and history after the page's first paint, its live
 * bar at most once per animation frame (and no more often than a minimum interval), and long
 * work split by yields so a tap is answered between the pieces.
 */

/** The browser's clocks and frame callbacks, injected so the pacing can be tested without them. */
export interface Clock {
  now: () => number;
  frame: (fn: () => void) => number;
  cancelFrame: (id: number) => void;
  timeout: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  cancelTimeout: (id: ReturnType<typeof setTimeout>) => void;
}

export const browserClock: Clock = {
  now: () => performance.now(),
  frame: (fn) => requestAnimationFrame(fn),
  cancelFrame: (id) => cancelAnimationFrame(id),
  timeout: (fn, ms) => setTimeout(fn, ms),
  cancelTimeout: (id) => clearTimeout(id),
};

/**
 * Runs `fn` once the next frame has been painted: a frame callback runs before that frame's
 * paint, a task queued from it runs after. Returns a cancel. (A hidden tab paints nothing and
 * runs no frame callbacks, so a chart opened there loads when the tab is shown.)
 */
export function afterPaint(fn: () => void, clock: Clock = browserClock): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = clock.frame(() => {
    timer = clock.timeout(fn, 0);
  });
  return () => {
    clock.cancelFrame(frame);
    if (timer !== null) clock.cancelTimeout(timer);
  };
}

/** Lets the browser handle input and paint before the rest of a long piece of work. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A draw paced to the frames: `request()` any number of times and `draw` runs once, in the
 * next animation frame that is at least `minMs` after the previous draw began (a timer waits
 * out the rest of the interval first, so no frame callback spins meanwhile). `cancel()` drops
 * a pending draw.
 */
export function frameDraw(draw: () => void, minMs: number, clock: Clock = browserClock): { request: () => void; cancel: () => void } {
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = -Infinity;
  const inFrame = () => {
    frame = null;
    last = clock.now();
    draw();
  };
  const toFrame = () => {
    timer = null;
    frame = clock.frame(inFrame);
  };
  return {
    request: () => {
      if (frame !== null || timer !== null) return;
      const wait = last + minMs - clock.now();
      if (wait > 0) timer = clock.timeout(toFrame, wait);
      else toFrame();
    },
    cancel: () => {
      if (frame !== null) clock.cancelFrame(frame);
      if (timer !== null) clock.cancelTimeout(timer);
      frame = timer = null;
    },
  };
}
