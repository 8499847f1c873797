/**
 * Figures drawn with tabular digits on a canvas. Canvas text has no `font-variant-numeric`, so
 * each digit is drawn in a cell as wide as the font's widest digit, and a number's other
 * characters (separators, signs) at their own measured width: a price that changes its digits
 * never moves its neighbours, exactly like `tabular-nums` in the DOM. Widths are measured once
 * per font.
 */

/** The subset of a 2D context a figure needs (an `OffscreenCanvasRenderingContext2D` or a test's recorder). */
export interface TextContext {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  measureText(text: string): { width: number };
  fillText(text: string, x: number, y: number): void;
}

const DIGITS = '0123456789';

/** Character widths of one font, measured on first use. */
export class FigureFont {
  /** Each character's own width. */
  private readonly widths = new Map<string, number>();
  /** The cell a digit takes: the widest digit's width. */
  readonly digit: number;
  /** The font's digits are already all one width (most UI fonts): a figure is drawn as one string. */
  readonly tabular: boolean;

  constructor(
    private readonly ctx: TextContext,
    /** The CSS font shorthand (`"500 11px …"`). */
    readonly font: string,
  ) {
    ctx.font = font;
    let widest = 0;
    let narrowest = Infinity;
    for (const d of DIGITS) {
      const w = ctx.measureText(d).width;
      this.widths.set(d, w);
      widest = Math.max(widest, w);
      narrowest = Math.min(narrowest, w);
    }
    this.digit = widest;
    this.tabular = widest - narrowest < 0.01;
  }

  /** The advance of one character: a digit cell, or the character's own width. */
  advance(ch: string): number {
    return ch >= '0' && ch <= '9' ? this.digit : this.own(ch);
  }

  /** A character's own width. */
  private own(ch: string): number {
    let w = this.widths.get(ch);
    if (w === undefined) {
      this.ctx.font = this.font;
      w = this.ctx.measureText(ch).width;
      this.widths.set(ch, w);
    }
    return w;
  }

  /** The width `text` takes when drawn with `draw`. */
  width(text: string): number {
    let w = 0;
    for (const ch of text) w += this.advance(ch);
    return w;
  }

  /**
   * Draws `text` with its digits in fixed cells: from `x` rightwards (`align` 'left') or ending
   * at `x` ('right'). Runs of non-digits are drawn as one string.
   */
  draw(text: string, x: number, y: number, align: 'left' | 'right' = 'left'): void {
    const ctx = this.ctx;
    ctx.font = this.font;
    ctx.textAlign = 'left';
    let at = align === 'right' ? x - this.width(text) : x;
    if (this.tabular) {
      ctx.fillText(text, at, y);
      return;
    }
    for (const ch of text) {
      const w = this.advance(ch);
      // A digit is centred in its cell, as a tabular figure is.
      if (ch >= '0' && ch <= '9') ctx.fillText(ch, at + (w - this.own(ch)) / 2, y);
      else ctx.fillText(ch, at, y);
      at += w;
    }
  }
}
