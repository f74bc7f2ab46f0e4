import { formatDateTime, formatFileSize, formatPrice } from "../../shared/format";
import { AppIcon } from "./AppIcon";
import type { DetailModel } from "./useDetail";
import { NOUN } from "./nouns";
import styles from "./detail.module.css";

/** The item's head: icon, name, bundle id and fees (暂无安装包 when there is nothing to deliver); version, size, date. */
export function DetailHero({ item }: { item: DetailModel }) {
  return (
    <>
      <section className={styles.hero}>
        <AppIcon src={item.icon} name={item.name} size={84} eager />
        <div className={styles.heroText}>
          <h2 className={styles.name}>{item.name}</h2>
          <p className={styles.sub}>{item.bundleId || NOUN[item.kind]}</p>
          <div className={styles.fees}>
            {item.hasFile ? (
              item.fees.map((f) => (
                <span key={f.label} className={styles.fee}>
                  {f.label} <strong>{f.text ?? `¥${formatPrice(f.value)}`}</strong>
                </span>
              ))
            ) : (
              // Nothing to deliver: not sold (the server refuses with CATALOG_ITEM_NO_PACKAGE), so no price either.
              <span className={styles.fee} data-testid="no-package">
                <strong>暂无安装包</strong>
              </span>
            )}
          </div>
        </div>
      </section>

      <section className={styles.stats} aria-label="基本信息">
        <div>
          <strong>{item.version || "-"}</strong>
          <span>版本</span>
        </div>
        <div>
          <strong>{formatFileSize(item.size)}</strong>
          <span>大小</span>
        </div>
        <div>
          <strong>{formatDateTime(item.updatedAt).slice(0, 10)}</strong>
          <span>更新日期</span>
        </div>
      </section>
    </>
  );
}
