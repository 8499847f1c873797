/** Photos are sent at most this many pixels on the long side… */
export const MAX_IMAGE_SIDE = 1600;
/** …and files under this size are sent as they are. */
export const DOWNSCALE_ABOVE_BYTES = 900 * 1024;

/**
 * Shrinks a large photo before upload (a phone camera's 4000×3000 JPEG becomes ~300 KB), keeping
 * small images untouched. Returns the original when the browser cannot decode it.
 */
export async function downscaleImage(file: File): Promise<Blob> {
  if (file.size <= DOWNSCALE_ABOVE_BYTES || file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob && blob.size < file.size ? blob : file;
}
