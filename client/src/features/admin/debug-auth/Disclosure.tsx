import type { CSSProperties, ReactNode } from "react";
import { RightOutlined } from "@ant-design/icons";
import styles from "./debug-auth.module.css";

/** antd's small Collapse of one panel, closed at first, as a native `<details>`: its header, then its content. */
export function Disclosure({
  label,
  children,
  style,
}: {
  label: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <details className={styles.collapse} style={style}>
      <summary>
        <RightOutlined className={styles.arrow} />
        <span>{label}</span>
      </summary>
      <div className={styles.content}>{children}</div>
    </details>
  );
}
