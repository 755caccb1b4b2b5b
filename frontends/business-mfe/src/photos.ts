import { PHOTO_MAX_BYTES } from '@trustcircle/contracts/reviews';

/** Spec §5: JPG, JPEG, PNG or WebP, each at most 5 MB. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
export const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export { PHOTO_MAX_BYTES };

/** What the file's first bytes say it is (the server judges the same way, docs/api.md). */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

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
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!ACCEPTED_TYPES.includes(file.type.toLowerCase())) return false;
  if (!ACCEPTED_EXTENSIONS.includes(extension)) return false;
  if (file.size > PHOTO_MAX_BYTES || file.size === 0) return false;
  return sniffImage(await headOf(file)) !== null;
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
