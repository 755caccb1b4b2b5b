import type { ReactNode } from 'react';

/** The few icons of the groups screens that @trustcircle/ui does not carry. */
function icon(path: ReactNode, size = 16) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {path}
    </svg>
  );
}

export const PlusIcon = ({ size }: { size?: number }) => icon(<path d="M12 5v14M5 12h14" />, size);
export const ArrowLeftIcon = ({ size }: { size?: number }) =>
  icon(<path d="M19 12H5M12 19l-7-7 7-7" />, size);
export const ShareIcon = ({ size }: { size?: number }) =>
  icon(
    <>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </>,
    size,
  );
export const InfoIcon = ({ size }: { size?: number }) =>
  icon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>,
    size,
  );
export const CalendarIcon = ({ size }: { size?: number }) =>
  icon(
    <>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </>,
    size,
  );
export const ChartIcon = ({ size }: { size?: number }) =>
  icon(<path d="M3 3v18h18M7 15l4-4 3 3 5-6" />, size);
export const SearchIcon = ({ size }: { size?: number }) =>
  icon(
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </>,
    size,
  );
