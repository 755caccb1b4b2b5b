/** Pure rules of the business remote (no React): unit-tested in logic.test.ts. */
import { countLabel } from '@trustcircle/ui';

/** The wizard's progress in percent for step `step` of `steps` (spec §2: "Step n of 3"). */
export function stepPercent(step: number, steps = 3): number {
  return Math.round((step / steps) * 100);
}

/** What a file's first bytes say it is (the server judges the same way, docs/api.md). */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
export const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];

/** Spec §5 by name, declared type and size (the content is sniffed separately). */
export function photoMetaAcceptable(
  file: { name: string; type: string; size: number },
  maxBytes: number,
): boolean {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return (
    ACCEPTED_TYPES.includes(file.type.toLowerCase()) &&
    ACCEPTED_EXTENSIONS.includes(extension) &&
    file.size > 0 &&
    file.size <= maxBytes
  );
}

/** The most often named pros (or cons) across reviews, one point per line, top `max`. */
export function highlights(
  reviews: Array<{ pros?: string | null; cons?: string | null }>,
  field: 'pros' | 'cons',
  max = 5,
): Array<{ text: string; count: number }> {
  const counts = new Map<string, { text: string; count: number }>();
  for (const review of reviews) {
    const seen = new Set<string>();
    for (const line of (review[field] ?? '').split('\n')) {
      const text = line.trim();
      const key = text.toLowerCase();
      if (!text || seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { text, count: 1 });
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
    .slice(0, max);
}

/** "1 review" / "3 reviews". */
export const reviewCountText = (count: number) => countLabel(count, 'review');
