import { formatDateTime, formatFileSize, formatPrice } from "../../shared/format";
import { AppIcon } from "./AppIcon";
import type { CatalogCard } from "./types";
import styles from "./catalog.module.css";

const KIND_LABEL = { APP: "应用", DYLIB: "动态库", RESOURCE_SHARE: "资源" } as const;

/** The update date of a card: the day is enough in a list. */
function updateDate(value: string): string {
  const text = formatDateTime(value);
  return text === "-" ? "-" : text.slice(0, 10);
}

/** One card of the home grid (spec section 3 "App card"). */
function AppCard({ item, eager, onOpen }: { item: CatalogCard; eager?: boolean; onOpen: (item: CatalogCard) => void }) {
  const isDylib = item.kind === "DYLIB";
  const tags = item.tags.slice(0, 3);
  return (
    <li className={styles.cardItem}>
      <button
        type="button"
        className={styles.card}
        onClick={() => onOpen(item)}
        aria-label={`${item.name}，${item.isFree ? "免费" : `¥${formatPrice(item.price)}`}`}
      >
        <AppIcon src={item.icon} name={item.name} size={64} eager={eager} />
        <span className={styles.cardBody}>
          <span className={styles.cardHead}>
            <span className={styles.cardName}>{item.name}</span>
            <span className={item.isFree ? styles.badgeFree : styles.badgePaid}>
              {item.isFree ? "免费" : `¥${formatPrice(item.price)}`}
            </span>
          </span>
          <span className={styles.cardMeta}>
            <span>{item.version ? `v${item.version.replace(/^v/i, "")}` : KIND_LABEL[item.kind]}</span>
            <i aria-hidden />
            <span>{formatFileSize(item.size)}</span>
            <i aria-hidden />
            <span>{updateDate(item.updatedAt)}</span>
          </span>
          {isDylib && (item.author || item.category) && (
            <span className={styles.cardByline}>
              {item.author && <span>作者 {item.author}</span>}
              {item.category && <span>分类 {item.category}</span>}
            </span>
          )}
          <span className={styles.cardDesc}>{item.description || "暂无简介"}</span>
          {isDylib && tags.length > 0 && (
            <span className={styles.cardTags}>
              {tags.map((t) => (
                <span key={t} className={styles.tag}>
                  {t}
                </span>
              ))}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/** A card's shape while the list loads, so nothing moves when it arrives. */
function AppCardSkeleton() {
  return (
    <li className={styles.cardItem} aria-hidden>
      <div className={`${styles.card} ${styles.cardSkeleton}`}>
        <span className={`${styles.shimmer} ${styles.iconSkeleton}`} />
        <span className={styles.cardBody}>
          <span className={`${styles.shimmer} ${styles.lineSkeleton}`} style={{ width: "55%", height: 16 }} />
          <span className={`${styles.shimmer} ${styles.lineSkeleton}`} style={{ width: "70%" }} />
          <span className={`${styles.shimmer} ${styles.lineSkeleton}`} style={{ width: "92%" }} />
          <span className={`${styles.shimmer} ${styles.lineSkeleton}`} style={{ width: "40%" }} />
        </span>
      </div>
    </li>
  );
}

const SKELETON_CARDS = 6;

/** The grid: 6 skeleton cards while loading, else the cards. */
export function AppGrid({
  items,
  loading,
  onOpen,
}: {
  items: readonly CatalogCard[] | null;
  loading: boolean;
  onOpen: (item: CatalogCard) => void;
}) {
  if (loading || !items) {
    return (
      <ul key="skeleton" className={styles.grid} aria-busy="true" aria-label="应用加载中">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <AppCardSkeleton key={i} />
        ))}
      </ul>
    );
  }
  return (
    <ul key="list" className={styles.grid} aria-label="应用列表">
      {items.map((item, i) => (
        <AppCard key={`${item.kind}-${item.id}`} item={item} eager={i < 4} onOpen={onOpen} />
      ))}
    </ul>
  );
}
