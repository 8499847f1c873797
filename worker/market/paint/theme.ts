/**
 * What the worker draws with: the app's theme colours and font, read from its CSS custom
 * properties on the main thread once (a worker has no stylesheet) and handed over with each canvas.
 */
export interface PaintTheme {
  /** Primary text: sizes, the tape's times. */
  text: string;
  /** Secondary text: quantities. */
  text2: string;
  /** Muted text: axis labels. */
  text3: string;
  up: string;
  upSoft: string;
  down: string;
  downSoft: string;
  /** A row's background while it flashes after a change. */
  flash: string;
  /** The CSS font-family list the page uses (system fonts: nothing to download). */
  font: string;
}

export const DEFAULT_THEME: PaintTheme = {
  text: '#e9eef6',
  text2: '#98a2b3',
  text3: '#8b95a7',
  up: '#16c784',
  upSoft: 'rgba(22,199,132,.14)',
  down: '#ff5c69',
  downSoft: 'rgba(255,92,105,.14)',
  flash: 'rgba(233,238,246,.06)',
  font: 'sans-serif',
};
