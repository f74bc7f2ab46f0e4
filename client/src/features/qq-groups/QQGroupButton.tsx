import { useState } from "react";
import { Button, CenterPopup } from "antd-mobile";
import { CloseOutline } from "antd-mobile-icons";
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
      <CenterPopup visible={visible} onMaskClick={() => setVisible(false)} style={{ "--min-width": "82vw", "--max-width": "400px" }}>
        <section className={styles.dialog} role="dialog" aria-label="加入QQ群">
          <header className={styles.head}>
            <h2>加入QQ群</h2>
            <button type="button" aria-label="关闭" onClick={() => setVisible(false)}>
              <CloseOutline />
            </button>
          </header>
          {groups.length === 0 ? (
            <div className={styles.empty}>
              <QQGroupIcon />
              <p>{QQ_TEXTS.empty}</p>
            </div>
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
        </section>
      </CenterPopup>
    </>
  );
}
