/**
 * The invite poster: drawn in the browser on a <canvas> — brand, headline, the
 * invite QR code and the code — and handed over as a PNG: shared with the Web Share API where
 * `navigator.canShare` accepts files (phones), else downloaded.
 */

export interface PosterText {
  brand: string;
  /** The site's logo (an image URL of the same origin), drawn beside the brand. */
  logo: string;
  headline: string;
  sub: string;
  scan: string;
  codeLabel: string;
  code: string;
}

const W = 750;
const H = 1334;

function loadImage(src: string, crossOrigin?: 'anonymous'): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    if (crossOrigin) img.crossOrigin = crossOrigin;
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('poster image failed to load'));
    img.src = src;
  });
}

/** Wraps `text` into lines no wider than `max` at the canvas's current font. */
function lines(ctx: CanvasRenderingContext2D, text: string, max: number): string[] {
  // Spaces separate words in most languages; CJK and Thai wrap per character.
  const words = /\s/.test(text) ? text.split(/(\s+)/) : [...text];
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line + w;
    if (ctx.measureText(next).width > max && line.trim()) {
      out.push(line.trim());
      line = w.trimStart();
    } else line = next;
  }
  if (line.trim()) out.push(line.trim());
  return out;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Draws the poster and answers it as a PNG blob. */
export async function drawPoster(qrDataUrl: string, text: PosterText): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';

  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#0b0e14');
  bg.addColorStop(0.55, '#121a2b');
  bg.addColorStop(1, '#1d2a44');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  // A soft gold glow behind the headline.
  const glow = ctx.createRadialGradient(W * 0.8, 180, 20, W * 0.8, 180, 420);
  glow.addColorStop(0, 'rgba(240, 185, 11, 0.35)');
  glow.addColorStop(1, 'rgba(240, 185, 11, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, W, 700);

  // The site's own logo, not a letter standing for it. Asked for with CORS, so a logo the operator
  // serves from elsewhere either comes clean or not at all (a tainted canvas gives no PNG).
  const logo = await loadImage(text.logo, 'anonymous').catch(() => null);
  if (logo) ctx.drawImage(logo, 58, 82, 56, 56);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = '#e9eef6';
  ctx.font = `bold 38px ${font}`;
  ctx.fillText(text.brand, 128, 112);

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 64px ${font}`;
  let y = 270;
  for (const l of lines(ctx, text.headline, W - 120).slice(0, 3)) {
    ctx.fillText(l, 60, y);
    y += 80;
  }
  ctx.fillStyle = '#98a2b3';
  ctx.font = `30px ${font}`;
  y += 10;
  for (const l of lines(ctx, text.sub, W - 120).slice(0, 3)) {
    ctx.fillText(l, 60, y);
    y += 44;
  }

  const card = { x: 135, y: 660, w: 480, h: 590 };
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, card.x, card.y, card.w, card.h, 28);
  ctx.fill();
  const qr = await loadImage(qrDataUrl);
  ctx.drawImage(qr, card.x + 70, card.y + 40, 340, 340);
  ctx.textAlign = 'center';
  ctx.fillStyle = '#5f6b7d';
  ctx.font = `26px ${font}`;
  ctx.fillText(text.scan, W / 2, card.y + 420, card.w - 40);
  ctx.fillText(text.codeLabel, W / 2, card.y + 470, card.w - 40);
  // The code on its own line, as large as fits the card.
  let size = 52;
  do {
    ctx.font = `bold ${size}px ${font}`;
    size -= 2;
  } while (ctx.measureText(text.code).width > card.w - 60 && size > 20);
  ctx.fillStyle = '#0b0e14';
  ctx.fillText(text.code, W / 2, card.y + 535);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('poster encoding failed'))), 'image/png'),
  );
}

/**
 * Shares the poster where the browser can share files (`navigator.canShare({ files })`),
 * else saves it as a download. Answers what happened.
 */
export async function sharePoster(blob: Blob, name: string, title: string): Promise<'shared' | 'saved' | 'cancelled'> {
  const file = new File([blob], name, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}
