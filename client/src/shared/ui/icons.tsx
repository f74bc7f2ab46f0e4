import type { ReactNode } from "react";

/** Icons antd-mobile-icons lacks, drawn in its style (1em, currentColor). */
export function LogoutIcon() {
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
      aria-hidden
    >
      <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
      <path d="M10 16.5 5.5 12 10 7.5" />
      <path d="M5.5 12H15" />
    </svg>
  );
}

export function PaletteIcon() {
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
      aria-hidden
    >
      <path d="M12 3.5a8.5 8.5 0 1 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-.5-.2-.9-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1 .8-1.7 1.8-1.7h2.1a4.3 4.3 0 0 0 3.8-4.3C20.5 6.7 16.7 3.5 12 3.5Z" />
      <circle cx="7.6" cy="11.3" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="10.4" cy="7.6" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="15" cy="7.8" r="1.1" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function QQGroupIcon() {
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
      aria-hidden
    >
      <path d="M12 3.2c-3 0-5.1 2.4-5.1 5.6v1.1c-.9 1.1-1.7 2.6-1.7 3.9 0 .8.3 1.1.7 1 .3-.1.7-.5 1-1 .3 1 .9 1.9 1.6 2.6-.9.4-1.5 1-1.5 1.6 0 .9 1.7 1.6 3.7 1.6 1 0 1.8-.2 2.4-.5h.2c.6.3 1.4.5 2.4.5 2 0 3.7-.7 3.7-1.6 0-.6-.6-1.2-1.5-1.6.7-.7 1.3-1.6 1.6-2.6.3.5.7.9 1 1 .4.1.7-.2.7-1 0-1.3-.8-2.8-1.7-3.9V8.8c0-3.2-2.1-5.6-5.1-5.6Z" />
    </svg>
  );
}

/** Outline icons of the bottom navigation and header (24 px grid, 1em, currentColor). */
function Outline({ children }: { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}

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
