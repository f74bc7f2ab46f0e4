import type { ReactNode } from "react";
import { CenterPopup } from "antd-mobile";
import { CloseOutline } from "antd-mobile-icons";
import styles from "./dialog.module.css";

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
  return (
    <CenterPopup visible={visible} onMaskClick={onClose} style={{ "--min-width": width, "--max-width": "420px" }}>
      <section className={styles.panel} role="dialog" aria-label={label}>
        <header className={styles.head}>
          <h2>{title}</h2>
          <button type="button" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        {children}
      </section>
    </CenterPopup>
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
