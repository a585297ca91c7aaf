import type { ReactNode } from 'react';

/** 24-unit outline icons drawn in the text colour, so they look the same on every system font. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ verticalAlign: 'middle' }}
    >
      {children}
    </svg>
  );
}

export function SparkleIcon() {
  return (
    <Icon>
      <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
      <path d="M19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7z" />
    </Icon>
  );
}

export function SimilarIcon() {
  return (
    <Icon>
      <rect x="3" y="3" width="11" height="11" rx="2" />
      <path d="M10 17v2a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-7a2 2 0 0 0-2-2h-2" />
    </Icon>
  );
}

export function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <Icon>
      <path d="M6 3h12v18l-6-4.5L6 21z" fill={filled ? 'currentColor' : 'none'} />
    </Icon>
  );
}

export function AddToCollectionIcon() {
  return (
    <Icon>
      <path d="M4 6h10M4 11h10M4 16h6M17 13v8M13 17h8" />
    </Icon>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </Icon>
  );
}
