import { useState } from "react";
import { DEFAULT_APP_ICON, normalizeImagePath } from "../../shared/image";
import styles from "./catalog.module.css";

interface Props {
  src: string | null | undefined;
  name: string;
  size: number;
  /** The first cards of a page load eagerly, the rest when scrolled near. */
  eager?: boolean;
}

/**
 * An app icon: the normalised path (spec section 5), the default icon when it fails to load,
 * and the app's initial on the theme gradient if even that fails.
 */
export function AppIcon({ src, name, size, eager = false }: Props) {
  const first = normalizeImagePath(src);
  const [url, setUrl] = useState(first);
  const [broken, setBroken] = useState(false);
  const [shownFor, setShownFor] = useState(first);
  if (shownFor !== first) {
    // a new icon for a reused component: start over
    setShownFor(first);
    setUrl(first);
    setBroken(false);
  }
  const radius = Math.round(size * 0.225);
  if (broken) {
    return (
      <span
        className={styles.iconFallback}
        style={{ width: size, height: size, borderRadius: radius, fontSize: size * 0.42 }}
        aria-hidden
      >
        {name.trim().slice(0, 1) || "应"}
      </span>
    );
  }
  return (
    <img
      className={styles.icon}
      src={url}
      alt=""
      width={size}
      height={size}
      style={{ borderRadius: radius }}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => (url === DEFAULT_APP_ICON ? setBroken(true) : setUrl(DEFAULT_APP_ICON))}
    />
  );
}
