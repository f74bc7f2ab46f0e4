import { Button } from "antd-mobile";
import { copyGroupNumber, joinGroup } from "./copyGroupNumber";
import type { QQGroup } from "./types";
import styles from "./qq.module.css";

/** The dialog's groups (its own chunk, loaded when the dialog first opens): copy the number or join. */
export default function QQGroupList({ groups }: { groups: readonly QQGroup[] }) {
  return (
    <ul className={styles.list}>
      {groups.map((g) => (
        <li key={g.id}>
          <div className={styles.info}>
            <strong>{g.name}</strong>
            <span className={styles.number}>群号 {g.number || "-"}</span>
          </div>
          <div className={styles.actions}>
            <Button
              size="small"
              shape="rounded"
              className={styles.action}
              onClick={() => void copyGroupNumber(g.number)}
              aria-label={`复制群号 ${g.number}`}
            >
              复制
            </Button>
            <Button
              size="small"
              color="primary"
              shape="rounded"
              className={styles.action}
              onClick={() => joinGroup(g.number)}
            >
              加入
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
