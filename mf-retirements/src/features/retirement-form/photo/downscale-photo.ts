/**
 * A receipt photo made small on the device before it is uploaded or kept offline: a phone camera's
 * 12-megapixel JPEG (3–6 MB) becomes a legible ~1600 px JPEG of about 150–300 KB, so it uploads on a
 * slow connection and a few of them fit in the device's offline store.
 *
 * Done with the browser's own decoder and canvas (createImageBitmap, OffscreenCanvas or a canvas
 * element, JPEG encoding): no library. browser-image-compression makes the same canvas calls under
 * more options, and pica's Lanczos filter buys sharpness we do not need at a 2.5× reduction, where
 * the canvas's high-quality smoothing keeps print legible; either would add tens of kilobytes of
 * script (pica also a web worker) for nothing a receipt needs. This module is loaded only when a
 * photo is taken.
 */

export const RECEIPT_PHOTO = {
  /** The longest side after downscaling: 1600 px keeps 8-point print on an A4 receipt readable. */
  maxSide: 1600,
  /** A second, smaller try when a busy photo is still too heavy at the lowest quality. */
  fallbackSide: 1280,
  /** JPEG qualities tried in turn until the photo fits the target. */
  qualities: [0.8, 0.72, 0.64],
  /** What a receipt photo should weigh at most (bytes). */
  targetBytes: 300 * 1024,
} as const;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits `maxSide` on the longest side, keeping the proportions; never enlarged, never 0. */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The photo's name with the .jpg extension the upload accepts (a camera may call it .jpeg, .heic or nothing). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'receipt'}.jpg`;
}

/** The sizes and qualities to try, best first: each size at each quality. */
export function attempts(original: Size): Array<Size & { quality: number }> {
  return [RECEIPT_PHOTO.maxSide, RECEIPT_PHOTO.fallbackSide].flatMap((side) =>
    RECEIPT_PHOTO.qualities.map((quality) => ({ ...fitWithin(original, side), quality })),
  );
}

/**
 * Decoded with its camera orientation applied (EXIF), or null when this browser cannot decode it (or
 * has no createImageBitmap: every browser the app supports has it; the photo then goes as it is).
 */
async function decode(file: Blob): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/** The image drawn at `size` on white (a JPEG has no transparency) and encoded; null when there is no canvas. */
async function encode(image: ImageBitmap, { width, height, quality }: Size & { quality: number }): Promise<Blob | null> {
  const offscreen = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : null;
  const canvas = offscreen ?? Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  if (offscreen) return offscreen.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve) => (canvas as HTMLCanvasElement).toBlob(resolve, 'image/jpeg', quality));
}

/**
 * The photo as a receipt JPEG: at most 1600 px on its longest side, the best quality that weighs no
 * more than the target (else the lightest tried). A photo already that small and light is kept as it
 * is (encoding it again would only lose detail); one this browser cannot decode is handed back
 * unchanged, and the upload's own type and size checks decide.
 */
export async function downscalePhoto(file: File): Promise<File> {
  const asJpeg = (blob: Blob) => new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  const unchanged = file.type === 'image/jpeg' ? asJpeg(file) : file;
  const decoded = await decode(file);
  if (!decoded) return unchanged;
  try {
    const size = { width: decoded.width, height: decoded.height };
    const small = Math.max(size.width, size.height) <= RECEIPT_PHOTO.maxSide;
    if (small && file.type === 'image/jpeg' && file.size <= RECEIPT_PHOTO.targetBytes) return unchanged;
    let best: Blob | null = null;
    for (const attempt of attempts(size)) {
      const blob = await encode(decoded, attempt);
      if (!blob) return unchanged;
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= RECEIPT_PHOTO.targetBytes) {
        best = blob;
        break;
      }
    }
    return asJpeg(best!);
  } finally {
    decoded.close();
  }
}
