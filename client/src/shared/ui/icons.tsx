/** Icons antd-mobile-icons lacks, drawn in its style (1em, currentColor). */
export function LogoutIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
      <path d="M10 16.5 5.5 12 10 7.5" />
      <path d="M5.5 12H15" />
    </svg>
  );
}

export function PaletteIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 3.5a8.5 8.5 0 1 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-.5-.2-.9-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1 .8-1.7 1.8-1.7h2.1a4.3 4.3 0 0 0 3.8-4.3C20.5 6.7 16.7 3.5 12 3.5Z" />
      <circle cx="7.6" cy="11.3" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="10.4" cy="7.6" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="15" cy="7.8" r="1.1" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function QQGroupIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 3.2c-3 0-5.1 2.4-5.1 5.6v1.1c-.9 1.1-1.7 2.6-1.7 3.9 0 .8.3 1.1.7 1 .3-.1.7-.5 1-1 .3 1 .9 1.9 1.6 2.6-.9.4-1.5 1-1.5 1.6 0 .9 1.7 1.6 3.7 1.6 1 0 1.8-.2 2.4-.5h.2c.6.3 1.4.5 2.4.5 2 0 3.7-.7 3.7-1.6 0-.6-.6-1.2-1.5-1.6.7-.7 1.3-1.6 1.6-2.6.3.5.7.9 1 1 .4.1.7-.2.7-1 0-1.3-.8-2.8-1.7-3.9V8.8c0-3.2-2.1-5.6-5.1-5.6Z" />
    </svg>
  );
}
