import { lazy, Suspense, type ReactNode } from "react";
import { CloseIcon } from "./icons";
import { useShownOnce } from "./lazyShown";
import styles from "./dialog.module.css";

// The popup (and its animation library) loads when a dialog first opens, not with the page.
const CenterPopup = lazy(() => import("./CenterPopupLazy"));

interface Props {
  title: ReactNode;
  /** Accessible name of the dialog. */
  label: string;
  visible: boolean;
  onClose: () => void;
  width?: string;
  children: ReactNode;
}

/** A centred dialog with a title bar and a close button. */
export function DialogPanel({ title, label, visible, onClose, width = "86vw", children }: Props) {
  const shown = useShownOnce(visible);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <CenterPopup visible={visible} onMaskClick={onClose} style={{ "--min-width": width, "--max-width": "420px" }}>
        <section className={styles.panel} role="dialog" aria-label={label}>
          <header className={styles.head}>
            <h2>{title}</h2>
            <button type="button" aria-label="关闭" onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          {children}
        </section>
      </CenterPopup>
    </Suspense>
  );
}

/** The empty state of a dialog's list: a faded icon and one line of text. */
export function EmptyState({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className={styles.empty}>
      {icon}
      <p>{text}</p>
    </div>
  );
}
