import type { PhotoType } from '@trustcircle/contracts';
import sharp from 'sharp';

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

/**
 * Width and height from the image's header, without decoding its pixels (a few milliseconds
 * even for a 40-megapixel PNG): what the pixel limit is checked on before any real work.
 */
export async function imageDimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) throw new Error('no dimensions');
    return { width, height };
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
}

/**
 * libvips threads per image operation (0: libvips' default). One keeps a decode on one core,
 * so the number of decodes running (the limiter's concurrency) is the number of busy cores.
 */
export function setImageThreads(threads: number): void {
  sharp.concurrency(threads);
}

/**
 * Re-encodes the image in its own format. The encoder writes pixels only: EXIF (camera,
 * GPS location), XMP, ICC comments and text chunks are all dropped. The EXIF orientation is
 * applied to the pixels first, so a photo still stands the right way up without its tag.
 */
export async function sanitizeImage(
  bytes: Buffer,
  type: PhotoType,
  maxPixels: number,
): Promise<Buffer> {
  // The header was checked already; libvips enforces the limit again while decoding.
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels }).rotate();
  try {
    switch (type) {
      case 'image/jpeg':
        return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      case 'image/png':
        return await image.png({ compressionLevel: 7 }).toBuffer();
      case 'image/webp':
        return await image.webp({ quality: 85 }).toBuffer();
    }
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
}
