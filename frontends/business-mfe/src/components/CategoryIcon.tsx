import { lineIcon, type IconProps } from '@trustcircle/ui';
import type { ReactNode } from 'react';

/** Icons for the ten categories of spec §2 (Explore); a storefront for anything else. */
const PATHS: Record<string, ReactNode> = {
  Restaurants: (
    <>
      <path d="M3 2v7c0 1.1.9 2 2 2h4a2 2 0 0 0 2-2V2M7 2v20" />
      <path d="M21 15V2a5 5 0 0 0-5 5v6c0 1.1.9 2 2 2h3zm0 0v7" />
    </>
  ),
  Electronics: (
    <>
      <rect x="2" y="4" width="20" height="13" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </>
  ),
  'Home Services': (
    <>
      <path d="M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
    </>
  ),
  'Beauty & Spa': (
    <>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
      <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    </>
  ),
  Automotive: (
    <>
      <path d="M5 17H3v-5l2-5h14l2 5v5h-2" />
      <path d="M3 12h18" />
      <circle cx="7.5" cy="17" r="2" />
      <circle cx="16.5" cy="17" r="2" />
    </>
  ),
  Clothing: (
    <path d="M20.4 6.6L16 3a4 4 0 0 1-8 0L3.6 6.6a1 1 0 0 0-.2 1.4L5 10.5l2-1V21h10V9.5l2 1 1.6-2.5a1 1 0 0 0-.2-1.4z" />
  ),
  'Financial Services': (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 12h.01M18 12h.01" />
    </>
  ),
  'Health & Fitness': (
    <>
      <path d="M6.5 6.5v11M17.5 6.5v11M3 9v6M21 9v6M6.5 12h11" />
    </>
  ),
  Entertainment: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M7 3v18M17 3v18M3 8h4M3 16h4M17 8h4M17 16h4M3 12h18" />
    </>
  ),
  Education: (
    <>
      <path d="M22 10L12 5 2 10l10 5 10-5z" />
      <path d="M6 12v5c3 2 9 2 12 0v-5" />
    </>
  ),
};

const STORE = (
  <>
    <path d="M3 9l1.5-5h15L21 9" />
    <path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" />
    <path d="M5 13v8h14v-8" />
  </>
);

export const hasCategoryIcon = (category: string) => category in PATHS;

export function CategoryIcon({ category, size = 20 }: { category: string; size?: number }) {
  return lineIcon(PATHS[category] ?? STORE, {
    size,
    'data-category-icon': hasCategoryIcon(category) ? category : 'default',
  } as IconProps);
}
