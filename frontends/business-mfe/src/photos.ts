import { PHOTO_MAX_BYTES, photoTypeOf } from '@trustcircle/contracts/reviews';
import { photoMetaAcceptable } from './logic';

export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export { PHOTO_MAX_BYTES };

async function headOf(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, 12);
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Uint8Array(
    await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(blob);
    }),
  );
}

/** Declared type and name allowed, size ≤ 5 MB, and the content really an image. */
export async function isAcceptablePhoto(file: File): Promise<boolean> {
  if (!photoMetaAcceptable(file, PHOTO_MAX_BYTES)) return false;
  return photoTypeOf(await headOf(file)) !== null;
}

/** Keeps the acceptable files, in order; the rest are dropped (spec §5). */
export async function filterPhotos(files: File[]): Promise<File[]> {
  const verdicts = await Promise.all(
    files.map((file) => isAcceptablePhoto(file).catch(() => false)),
  );
  return files.filter((_, index) => verdicts[index]);
}

/** A data: URL for a preview (the CSP allows data: images, not blob:). */
export function previewOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
