/**
 * A canvas the worker draws (`worker/market/paint/`): the element is made here, handed over with
 * `transferControlToOffscreen()`, and from then on the main thread only composites what the worker
 * drew. Its CSS box is watched and told to the worker; leaving the page detaches it.
 *
 * Where the browser cannot hand a canvas to a worker (`canPaintInWorker`), the callers render the
 * DOM components instead.
 */
import { transfer } from 'comlink';
import { useEffect, useRef, type RefObject } from 'react';
import { getWorker } from '../../../worker-client';
import type { SurfaceKind } from '../../../../worker/market/paint/PaintHost';
import type { PaintTheme } from '../../../../worker/market/paint/theme';

/** The browser can hand a canvas to a worker (Chromium 69+, Firefox 105+, Safari 16.4+). */
export function canPaintInWorker(): boolean {
  return typeof OffscreenCanvas !== 'undefined' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';
}

/** The theme's colours and font, read from the page's custom properties (a worker has no stylesheet). */
export function readPaintTheme(el: Element): PaintTheme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--text', '#e9eef6'),
    text2: v('--text-2', '#98a2b3'),
    text3: v('--text-3', '#8b95a7'),
    up: v('--up', '#16c784'),
    upSoft: v('--up-soft', 'rgba(22,199,132,.14)'),
    down: v('--down', '#ff5c69'),
    downSoft: v('--down-soft', 'rgba(255,92,105,.14)'),
    flash: v('--paint-flash', 'rgba(233,238,246,.06)'),
    font: css.fontFamily || 'sans-serif',
  };
}

/**
 * Puts a worker-drawn canvas of `kind` for `symbol` into the element `host` points at, for as
 * long as the component is mounted; `surface.current` holds the worker's id for it once attached
 * (a tap on the book asks the worker for the price under it by this id).
 */
export function useWorkerCanvas(
  host: RefObject<HTMLElement | null>,
  kind: SurfaceKind,
  symbol: string,
  rows?: number,
): RefObject<number | null> {
  const surface = useRef<number | null>(null);
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    // Made here, not rendered by React: a canvas can be handed over once, and a remount needs a new one.
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    box.appendChild(canvas);
    const worker = getWorker();
    let gone = false;
    let attached: Promise<number> | null = null;
    const resize = (width: number, height: number) =>
      void attached?.then((id) => {
        if (!gone) void worker.market.resizeCanvas(id, width, height, window.devicePixelRatio || 1);
      });
    // The hand-over, the box's first size and the theme's colours wait for the observer's first
    // report, after the page's own style and layout: done here, in the commit's effects, each would
    // force them in the middle of the page's first render (the hand-over a style recalculation,
    // the size a layout: ~100 ms each at 4× CPU on the contract page).
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.contentRect;
      if (!size || gone) return;
      if (attached) return resize(size.width, size.height);
      const offscreen = canvas.transferControlToOffscreen();
      attached = worker.market.attachCanvas(transfer(offscreen, [offscreen]), {
        kind,
        symbol,
        rows,
        width: size.width,
        height: size.height,
        devicePixelRatio: window.devicePixelRatio || 1,
        theme: readPaintTheme(box),
      });
      void attached.then((id) => {
        if (!gone) surface.current = id;
      });
    });
    observer.observe(box);
    // The page moved to a screen of another density (or was zoomed): redraw at the new ratio.
    let density: MediaQueryList | null = null;
    const densityChanged = () => {
      const size = box.getBoundingClientRect();
      resize(size.width, size.height);
      watchDensity();
    };
    const watchDensity = () => {
      density?.removeEventListener('change', densityChanged);
      density = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      density.addEventListener('change', densityChanged);
    };
    watchDensity();
    return () => {
      gone = true;
      observer.disconnect();
      density?.removeEventListener('change', densityChanged);
      surface.current = null;
      void attached?.then((id) => worker.market.detachCanvas(id));
      canvas.remove();
    };
  }, [host, kind, symbol, rows]);
  return surface;
}
