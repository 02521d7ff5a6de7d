/**
 * Uploaded pictures are never kept as sent: they are decoded and re-encoded by sharp (libvips).
 * - The size in pixels is checked from the header before anything is decoded: a small file can
 *   declare a huge picture (a 400 KB PNG of 20000 x 20000 pixels decodes to 1.6 GB of RGBA).
 * - A file that does not decode is refused (400), never stored.
 * - EXIF orientation is applied, then the picture is shrunk to fit the use (never enlarged).
 * - Only the pixels are written back, in the same format: EXIF (GPS position, camera, date),
 *   XMP, IPTC and comments are dropped (sharp writes no metadata unless asked to).
 * - Only the first frame of an animated WebP or PNG is kept: pictures here are stills.
 */
import sharp, { type Metadata } from 'sharp';
import type { ValidationMessageKey } from '@scholars/shared-contracts/schemas';
import type { SniffedType } from './sniff';

/**
 * The largest picture accepted, in pixels (width x height): 40 megapixels. That is above any
 * photo that fits the upload limits (a 5 MB JPEG rarely holds more than ~24 MP, and phones save
 * 12-48 MP), and it bounds the decode to ~160 MB of RGBA at worst; pictures are shrunk to at most
 * 2048 px anyway, so more pixels would add nothing but cost.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** libvips keeps no cache of decoded files: each upload is read once, and removed files must not stay open. */
sharp.cache(false);

export interface ImageRule {
  /** Longest side of the stored picture, px. */
  maxSide: number;
}

export type ImageResult =
  | { ok: true; size: number; width: number; height: number }
  | { ok: false; problem: { status: 400 | 413; key: ValidationMessageKey; params?: Record<string, number> } };

const FORMATS: Record<Exclude<SniffedType['mime'], 'application/pdf'>, 'jpeg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const unreadable = { ok: false as const, problem: { status: 400 as const, key: 'validation.imageUnreadable' as const } };

/**
 * Re-encodes the picture at `input` (recognised as `mime` by its first bytes) into `output`, in the
 * same format. Returns a problem instead of throwing for pictures that are refused.
 */
export async function normalizeImage(input: string, output: string, mime: SniffedType['mime'], rule: ImageRule): Promise<ImageResult> {
  const format = mime in FORMATS ? FORMATS[mime as keyof typeof FORMATS] : null;
  if (!format) return unreadable;
  let header: Metadata;
  try {
    // Reading the header decodes no pixels; the pixel check is ours, so no limit here.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return unreadable;
  }
  // The content must really be the type its first bytes claimed.
  if (header.format !== format || !header.width || !header.height) return unreadable;
  if (header.width * header.height > IMAGE_MAX_PIXELS) {
    return { ok: false, problem: { status: 413, key: 'validation.imageTooManyPixels', params: { maximum: IMAGE_MAX_PIXELS / 1_000_000 } } };
  }
  try {
    const pipeline = sharp(input, {
      // Again while decoding, in case a decoder disagrees with the header.
      limitInputPixels: IMAGE_MAX_PIXELS,
      // 'error' (not the stricter 'warning'): real photos often carry harmless decoder warnings
      // (extra bytes after the last marker); cut or corrupt pixel data still fails.
      failOn: 'error',
      autoOrient: true,
    })
      .resize({ width: rule.maxSide, height: rule.maxSide, fit: 'inside', withoutEnlargement: true })
      .toFormat(format, format === 'png' ? {} : { quality: 85 }); // (a PNG quality would make it a palette PNG)
    const info = await pipeline.toFile(output);
    return { ok: true, size: info.size, width: info.width, height: info.height };
  } catch {
    return unreadable;
  }
}
