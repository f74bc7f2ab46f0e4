import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { PaletteIcon } from "../../shared/ui/icons";
import styles from "./theme.module.css";

const loadPanel = () => import("./ThemePanel");
const ThemePanel = lazy(loadPanel);

/**
 * The header's theme dropdown: a small panel of its own under the button (closed by a tap outside or Escape), so
 * popover libraries stay off the home page's critical path; the panel's code loads when it first opens.
 */
export function ThemePicker({ buttonClassName }: { buttonClassName: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={styles.anchor} ref={root}>
      <button
        type="button"
        className={buttonClassName}
        aria-label="切换主题"
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerDown={() => void loadPanel().catch(() => undefined)}
        onClick={() => setOpen((o) => !o)}
      >
        <PaletteIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ThemePanel />
        </Suspense>
      )}
    </div>
  );
}
