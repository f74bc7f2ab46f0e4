import type { ReactNode } from "react";

/** Small line icons for the catalogue and home page (1em, currentColor), lighter than an icon library. */
function Icon({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? "img" : undefined}
    >
      {children}
    </svg>
  );
}

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </Icon>
);
export const ClearIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8.5" fill="currentColor" stroke="none" opacity=".35" />
    <path d="m9.2 9.2 5.6 5.6m0-5.6-5.6 5.6" />
  </Icon>
);
export const GridIcon = () => (
  <Icon>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.8" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.8" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.8" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.8" />
  </Icon>
);
export const PluginIcon = () => (
  <Icon>
    <path d="M9 4v3M15 4v3M7 7h10v4a5 5 0 0 1-10 0V7ZM12 16v4" />
  </Icon>
);
export const FolderIcon = () => (
  <Icon>
    <path d="M3.5 7.5A2 2 0 0 1 5.5 5.5h4l2 2h7a2 2 0 0 1 2 2v7.5a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2Z" />
  </Icon>
);
export const GameIcon = () => (
  <Icon>
    <path d="M7 8.5h10a4 4 0 0 1 4 4v.5a3.5 3.5 0 0 1-6.3 2.1l-.6-.8h-4.2l-.6.8A3.5 3.5 0 0 1 3 13v-.5a4 4 0 0 1 4-4Z" />
    <path d="M8 11v3M6.5 12.5h3M15.5 12h.01M17.5 13.5h.01" />
  </Icon>
);
export const ToolIcon = () => (
  <Icon>
    <path d="M14.5 5.5a4 4 0 0 0 4.9 4.9L11 18.8a2 2 0 0 1-2.8-2.8l8.4-8.4" />
    <path d="M14.5 5.5 17 3l4 4-2.5 2.5" />
  </Icon>
);
export const StarIcon = () => (
  <Icon>
    <path d="m12 4 2.4 4.9 5.4.8-3.9 3.8.9 5.4L12 16.4l-4.8 2.5.9-5.4-3.9-3.8 5.4-.8Z" />
  </Icon>
);
export const GiftIcon = () => (
  <Icon>
    <rect x="4" y="9" width="16" height="11" rx="1.5" />
    <path d="M3.5 9h17M12 9v11M12 9S10.5 4 8 4.5 7.5 9 12 9Zm0 0s1.5-5 4-4.5S16.5 9 12 9Z" />
  </Icon>
);
export const ListIcon = () => (
  <Icon>
    <path d="M9 6.5h11M9 12h11M9 17.5h11M4.5 6.5h.01M4.5 12h.01M4.5 17.5h.01" />
  </Icon>
);
export const PrevIcon = () => (
  <Icon>
    <path d="m14.5 6-6 6 6 6" />
  </Icon>
);
export const NextIcon = () => (
  <Icon>
    <path d="m9.5 6 6 6-6 6" />
  </Icon>
);
export const UpIcon = () => (
  <Icon>
    <path d="m6 14.5 6-6 6 6" />
  </Icon>
);
export const DownIcon = () => (
  <Icon>
    <path d="m6 9.5 6 6 6-6" />
  </Icon>
);
export const NoticeIcon = () => (
  <Icon>
    <path d="M4 10v4a1 1 0 0 0 1 1h2.5L13 19V5L7.5 9H5a1 1 0 0 0-1 1ZM16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);
export const BackIcon = () => (
  <Icon>
    <path d="M15 5 8 12l7 7" />
  </Icon>
);
