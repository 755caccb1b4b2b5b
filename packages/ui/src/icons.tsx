import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The one line-icon frame (24×24, currentColor strokes, hidden from assistive tech). */
export function lineIcon(
  path: ReactNode,
  { size = 16, ...props }: IconProps,
  viewBox = '0 0 24 24',
) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {path}
    </svg>
  );
}

export const StarIcon = (p: IconProps) =>
  lineIcon(
    <path d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z" />,
    p,
  );
export const CheckBadgeIcon = (p: IconProps) =>
  lineIcon(
    <>
      <path d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>,
    p,
  );
export const SearchIcon = (p: IconProps) =>
  lineIcon(
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </>,
    p,
  );
export const UsersIcon = (p: IconProps) =>
  lineIcon(
    <>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    </>,
    p,
  );
export const ThumbsUpIcon = (p: IconProps) =>
  lineIcon(
    <path d="M7 10v12M15 5.88L14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88z" />,
    p,
  );
export const MessageIcon = (p: IconProps) =>
  lineIcon(<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />, p);
export const MoreIcon = (p: IconProps) =>
  lineIcon(
    <>
      <circle cx="12" cy="5" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="12" cy="19" r="1" />
    </>,
    p,
  );
export const ShieldIcon = (p: IconProps) =>
  lineIcon(
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
      <path d="M9 12l2 2 4-4" />
    </>,
    p,
  );
export const TrendingIcon = (p: IconProps) =>
  lineIcon(
    <>
      <path d="M23 6l-9.5 9.5-5-5L1 18" />
      <path d="M17 6h6v6" />
    </>,
    p,
  );
export const PenIcon = (p: IconProps) =>
  lineIcon(<path d="M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />, p);
export const MenuIcon = (p: IconProps) => lineIcon(<path d="M3 6h18M3 12h18M3 18h18" />, p);
export const CloseIcon = (p: IconProps) => lineIcon(<path d="M18 6L6 18M6 6l12 12" />, p);
export const InboxIcon = (p: IconProps) =>
  lineIcon(
    <>
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.45 5.11L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </>,
    p,
  );
export const AlertIcon = (p: IconProps) =>
  lineIcon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v4M12 16h.01" />
    </>,
    p,
  );
export const PlusIcon = (p: IconProps) => lineIcon(<path d="M12 5v14M5 12h14" />, p);
export const ArrowLeftIcon = (p: IconProps) => lineIcon(<path d="M19 12H5M12 19l-7-7 7-7" />, p);
export const ShareIcon = (p: IconProps) =>
  lineIcon(
    <>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </>,
    p,
  );
export const InfoIcon = (p: IconProps) =>
  lineIcon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>,
    p,
  );
export const CalendarIcon = (p: IconProps) =>
  lineIcon(
    <>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </>,
    p,
  );
export const ChartIcon = (p: IconProps) => lineIcon(<path d="M3 3v18h18M7 15l4-4 3 3 5-6" />, p);
export const BellIcon = (p: IconProps) =>
  lineIcon(<path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.73 21a2 2 0 0 1-3.46 0" />, p);
