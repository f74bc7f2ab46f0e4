import type { ReactNode } from "react";

/**
 * The site's line icons (24 px grid, 1em, currentColor), lighter than an icon library and drawn in antd-mobile-icons'
 * style. A `label` makes an icon an image with a name; without one it is decoration.
 */
function Icon({ children, label, weight = 1.8 }: { children: ReactNode; label?: string; weight?: number }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
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

/** The bottom navigation's and header's outline icons: a lighter stroke. */
const Outline = ({ children }: { children: ReactNode }) => <Icon weight={1.7}>{children}</Icon>;

export const LogoutIcon = () => (
  <Icon>
    <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
    <path d="M10 16.5 5.5 12 10 7.5" />
    <path d="M5.5 12H15" />
  </Icon>
);

export const PaletteIcon = () => (
  <Icon>
    <path d="M12 3.5a8.5 8.5 0 1 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-.5-.2-.9-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1 .8-1.7 1.8-1.7h2.1a4.3 4.3 0 0 0 3.8-4.3C20.5 6.7 16.7 3.5 12 3.5Z" />
    <circle cx="7.6" cy="11.3" r="1.1" fill="currentColor" stroke="none" />
    <circle cx="10.4" cy="7.6" r="1.1" fill="currentColor" stroke="none" />
    <circle cx="15" cy="7.8" r="1.1" fill="currentColor" stroke="none" />
  </Icon>
);

export const QQGroupIcon = () => (
  <Icon>
    <path d="M12 3.2c-3 0-5.1 2.4-5.1 5.6v1.1c-.9 1.1-1.7 2.6-1.7 3.9 0 .8.3 1.1.7 1 .3-.1.7-.5 1-1 .3 1 .9 1.9 1.6 2.6-.9.4-1.5 1-1.5 1.6 0 .9 1.7 1.6 3.7 1.6 1 0 1.8-.2 2.4-.5h.2c.6.3 1.4.5 2.4.5 2 0 3.7-.7 3.7-1.6 0-.6-.6-1.2-1.5-1.6.7-.7 1.3-1.6 1.6-2.6.3.5.7.9 1 1 .4.1.7-.2.7-1 0-1.3-.8-2.8-1.7-3.9V8.8c0-3.2-2.1-5.6-5.1-5.6Z" />
  </Icon>
);

export const AppsIcon = () => (
  <Outline>
    <rect x="3.5" y="3.5" width="7" height="7" rx="2" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="2" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="2" />
    <circle cx="17" cy="17" r="3.5" />
  </Outline>
);

export const GlobeIcon = () => (
  <Outline>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5Z" />
  </Outline>
);

export const SignIcon = () => (
  <Outline>
    <path d="M4 20h16" />
    <path d="M14.5 4.5a2.1 2.1 0 0 1 3 3L8 17l-4 1 1-4 9.5-9.5Z" />
  </Outline>
);

export const BagIcon = () => (
  <Outline>
    <path d="M5 8h14l-1 12H6L5 8Z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Outline>
);

export const ShieldCheckIcon = () => (
  <Outline>
    <path d="M12 3.5 19 6v5.5c0 4.3-2.9 7.6-7 9-4.1-1.4-7-4.7-7-9V6l7-2.5Z" />
    <path d="m8.8 12 2.3 2.3 4.2-4.4" />
  </Outline>
);

export const PersonIcon = () => (
  <Outline>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c.8-3.7 3.8-6 7.5-6s6.7 2.3 7.5 6" />
  </Outline>
);

export const HelpIcon = () => (
  <Outline>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.4a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.2-2.4 3.7" />
    <circle cx="12" cy="16.9" r=".4" fill="currentColor" />
  </Outline>
);

export const CloseIcon = () => (
  <Outline>
    <path d="M6 6l12 12M18 6 6 18" />
  </Outline>
);

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
