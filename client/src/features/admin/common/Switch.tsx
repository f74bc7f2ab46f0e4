import { useState } from "react";
import styles from "./switch.module.css";

/**
 * An on/off switch as antd's Switch draws it (a `role="switch"` button), for the lists' in-row toggles: antd's Switch
 * module brings its wave effect to every list page's first load. While `onChange`'s promise runs it shows a spinner
 * and takes no clicks. Forms keep antd's Switch (Form.Item drives it), loaded with the form.
 */
export function Switch({
  checked,
  onChange,
  loading = false,
  disabled = false,
  size,
  "aria-label": label,
}: {
  checked: boolean;
  onChange: (next: boolean) => unknown;
  loading?: boolean;
  disabled?: boolean;
  size?: "small";
  "aria-label"?: string;
}) {
  const [busy, setBusy] = useState(false);
  const waiting = loading || busy;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={waiting || undefined}
      disabled={disabled}
      className={[styles.switch, checked && styles.on, size === "small" && styles.small, waiting && styles.busy]
        .filter(Boolean)
        .join(" ")}
      onClick={() => {
        if (waiting) return;
        const result = onChange(!checked);
        if (result instanceof Promise) {
          setBusy(true);
          void result.finally(() => setBusy(false));
        }
      }}
    >
      <span className={styles.handle}>{waiting && <span className={styles.spinner} />}</span>
    </button>
  );
}
