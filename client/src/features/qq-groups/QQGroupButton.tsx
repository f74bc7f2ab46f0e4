import { useState } from "react";
import { Button } from "antd-mobile";
import { DialogPanel, EmptyState } from "../../shared/ui/DialogPanel";
import { QQGroupIcon } from "../../shared/ui/icons";
import { copyGroupNumber, QQ_TEXTS } from "./copyGroupNumber";
import type { QQGroup } from "./types";
import styles from "./qq.module.css";

/** The header's QQ-group button and its dialog. */
export function QQGroupButton({ groups, buttonClassName }: { groups: readonly QQGroup[]; buttonClassName: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <button type="button" className={buttonClassName} aria-label="QQ群" onClick={() => setVisible(true)}>
        <QQGroupIcon />
      </button>
      <DialogPanel title="加入QQ群" label="加入QQ群" visible={visible} onClose={() => setVisible(false)} width="82vw">
        {groups.length === 0 ? (
          <EmptyState icon={<QQGroupIcon />} text={QQ_TEXTS.empty} />
        ) : (
          <ul className={styles.list}>
            {groups.map((g) => (
              <li key={g.id}>
                <div>
                  <strong>{g.name}</strong>
                  <span>群号 {g.number}</span>
                </div>
                <Button size="small" color="primary" shape="rounded" onClick={() => copyGroupNumber(g.number)}>
                  复制群号
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogPanel>
    </>
  );
}
