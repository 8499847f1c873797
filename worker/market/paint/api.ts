/**
 * The painter's part of the `market` namespace: canvases the UI hands over, their sizes, and a
 * tap's row. Kept here so the worker's entry only wires it in.
 */
import type { PaintCanvas, PaintHost, SurfaceSpec } from './PaintHost';

export function paintApi(painter: PaintHost) {
  return {
    /**
     * Takes a canvas (transferred with comlink's `transfer` after `transferControlToOffscreen()`)
     * and draws `spec.kind` of `spec.symbol` on it from now on; answers the id later calls name it by.
     */
    attachCanvas(canvas: PaintCanvas, spec: SurfaceSpec): number {
      return painter.attach(canvas, spec);
    },

    /** A drawn canvas's CSS box or the screen's pixel ratio changed. */
    resizeCanvas(id: number, width: number, height: number, devicePixelRatio: number): void {
      painter.resize(id, width, height, devicePixelRatio);
    },

    /** Stops drawing a canvas (it left the page). */
    detachCanvas(id: number): void {
      painter.detach(id);
    },

    /** The price of the book row drawn under `y` CSS pixels from the top of drawn book `id`, or null. */
    pickBookRow(id: number, y: number): { side: 'bid' | 'ask'; price: string } | null {
      return painter.pick(id, y);
    },
  };
}
