/** Pure rules of the business remote (no React): unit-tested in logic.test.ts. */
import { countLabel } from '@trustcircle/ui';

/** The wizard's progress in percent for step `step` of `steps` (spec §2: "Step n of 3"). */
export function stepPercent(step: number, steps = 3): number {
  return Math.round((step / steps) * 100);
}

/** What the wizard accepts by declared type and extension (the content: contracts' photoTypeOf). */
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
