import { formatDateTime, formatFileSize } from "../../shared/format";
import type { DetailModel } from "./useDetail";
import styles from "./detail.module.css";

/** 简介 (description and tags) and 信息 (bundle id, version, size, update time and the kind's own facts). */
export function DetailInfo({ item }: { item: DetailModel }) {
  const facts = item.facts.filter((f) => f.value);
  return (
    <>
      <section className={styles.card}>
        <h3 className={styles.cardTitle}>简介</h3>
        <p className={styles.description}>{item.description || "暂无简介"}</p>
        {item.tags.length > 0 && (
          <div className={styles.tags}>
            {item.tags.map((t) => (
              <span key={t}>{t}</span>
            ))}
          </div>
        )}
      </section>

      <section className={styles.card}>
        <h3 className={styles.cardTitle}>信息</h3>
        <dl className={styles.facts}>
          <div>
            <dt>Bundle ID</dt>
            <dd>{item.bundleId || "-"}</dd>
          </div>
          <div>
            <dt>版本</dt>
            <dd>{item.version || "-"}</dd>
          </div>
          <div>
            <dt>大小</dt>
            <dd>{formatFileSize(item.size)}</dd>
          </div>
          <div>
            <dt>更新时间</dt>
            <dd>{formatDateTime(item.updatedAt)}</dd>
          </div>
          {facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
