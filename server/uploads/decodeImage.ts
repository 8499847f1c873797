import sharp from 'sharp';
import { sniffImage, type ImageExt } from './sniffImage';

/** Largest image accepted, in pixels: a header claiming more (a decompression bomb) is refused before decoding. */
export const IMAGE_MAX_PIXELS = 50_000_000;

// Uploads are decoded once and never again: libvips' operation cache would only hold memory.
sharp.cache(false);

/** What sharp calls each accepted type. */
const FORMATS: Record<ImageExt, string> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

export type DecodedImage =
  | { ok: true; ext: ImageExt; width: number; height: number }
  | { ok: false; key: 'errors.notValidImage' | 'errors.imageUnreadable' | 'errors.imageTooManyPixels'; params?: Record<string, number> };

/**
 * Accepts `data` only if it is an image of an accepted type that decodes whole. The first bytes
 * pick the type (so SVG, HTML, PDF or TIFF never reach the decoder); then sharp (libvips) must
 * agree on the format and decode every pixel of the first frame, failing on any error (a cut
 * file, a header alone). `limitInputPixels` stops a small file that claims a huge picture.
 */
export async function decodeImage(data: Buffer): Promise<DecodedImage> {
  const ext = sniffImage(data.subarray(0, 16));
  if (!ext) return { ok: false, key: 'errors.notValidImage' };
  const tooMany = { ok: false, key: 'errors.imageTooManyPixels', params: { megapixels: IMAGE_MAX_PIXELS / 1_000_000 } } as const;
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true });
    const meta = await image.metadata();
    if (meta.format !== FORMATS[ext]) return { ok: false, key: 'errors.notValidImage' };
    if (!meta.width || !meta.height) return { ok: false, key: 'errors.imageUnreadable' };
    if (meta.width * meta.height > IMAGE_MAX_PIXELS) return tooMany;
    // Statistics need every pixel: this is the full decode.
    await image.stats();
    return { ok: true, ext, width: meta.width, height: meta.height };
  } catch (error) {
    if (/pixel limit/i.test(error instanceof Error ? error.message : '')) return tooMany;
    return { ok: false, key: 'errors.imageUnreadable' };
  }
}
