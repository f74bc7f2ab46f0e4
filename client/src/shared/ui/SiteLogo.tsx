import styles from "./ui.module.css";

/** The site mark: a kernel on the theme's gradient. */
export function SiteLogo({ size = 32, inverse = false }: { size?: number; inverse?: boolean }) {
  return (
    <span
      className={inverse ? styles.logoInverse : styles.logo}
      style={{ width: size, height: size, borderRadius: size * 0.28 }}
      aria-hidden
    >
      <svg viewBox="0 0 32 32" width={size * 0.66} height={size * 0.66}>
        <path
          d="M16 4.5c5.4 0 9.5 5.1 9.5 11.3S21.4 27.5 16 27.5 6.5 22 6.5 15.8 10.6 4.5 16 4.5Z"
          fill="currentColor"
        />
        <path
          d="M16 9.5c-1.6 2.3-2.4 4.4-2.4 6.4s.8 4.2 2.4 6.5"
          fill="none"
          stroke="var(--logo-line)"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <path d="M16.6 4.7c.9-1.9 2.6-3 4.9-3.2-.4 2.2-1.9 3.6-4.3 4" fill="currentColor" />
      </svg>
    </span>
  );
}
