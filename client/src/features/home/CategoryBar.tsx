import { useEffect, useRef } from "react";
import {
  FolderIcon,
  GameIcon,
  GiftIcon,
  GridIcon,
  ListIcon,
  PluginIcon,
  StarIcon,
  ToolIcon,
} from "../../shared/ui/icons";
import type { CatalogCategory } from "../catalog/types";
import type { PriceValue } from "./homeState";
import styles from "./home.module.css";

/** Each category gets an icon chosen by its display name (spec section 3). */
function categoryIcon(displayName: string) {
  if (/动态库|插件|dylib/i.test(displayName)) return <PluginIcon />;
  if (/资源|分享|分析/.test(displayName)) return <FolderIcon />;
  if (/游戏|娱乐/.test(displayName)) return <GameIcon />;
  if (/工具|效率/.test(displayName)) return <ToolIcon />;
  if (/推荐|精选|热门/.test(displayName)) return <StarIcon />;
  if (/福利|免费/.test(displayName)) return <GiftIcon />;
  if (/默认|全部/.test(displayName)) return <ListIcon />;
  return <GridIcon />;
}

interface Props {
  categories: readonly CatalogCategory[] | null;
  selected: string | null;
  onSelect: (id: string) => void;
}

/** The horizontally scrolling category tabs; the selected one is kept in view. */
export function CategoryBar({ categories, selected, onSelect }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (el && bar.current) {
      const left = el.offsetLeft - (bar.current.clientWidth - el.clientWidth) / 2;
      bar.current.scrollTo({ left: Math.max(0, left), behavior: "smooth" });
    }
  }, [selected, categories]);
  if (!categories) {
    return (
      <div className={styles.categoryBar} aria-busy="true" aria-label="分类加载中">
        {[64, 80, 72, 88, 70].map((w, i) => (
          <span key={i} className={`${styles.categorySkeleton} ${styles.shimmer}`} style={{ width: w }} />
        ))}
      </div>
    );
  }
  return (
    <div className={styles.categoryBar} role="tablist" aria-label="分类" ref={bar}>
      {categories.map((c) => {
        const active = c.id === selected;
        return (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={active}
            className={active ? `${styles.category} ${styles.categoryActive}` : styles.category}
            onClick={() => !active && onSelect(c.id)}
          >
            {categoryIcon(c.displayName)}
            {c.displayName}
          </button>
        );
      })}
    </div>
  );
}

const PRICE_OPTIONS: { value: PriceValue; label: string }[] = [
  { value: "ALL", label: "全部" },
  { value: "FREE", label: "免费" },
  { value: "PAID", label: "付费" },
];

/** 全部 / 免费 / 付费; free means a fee of 0. */
export function PriceFilter({ value, onChange }: { value: PriceValue; onChange: (value: PriceValue) => void }) {
  return (
    <div className={styles.priceFilter} role="radiogroup" aria-label="价格筛选">
      {PRICE_OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className={o.value === value ? `${styles.priceOption} ${styles.priceActive}` : styles.priceOption}
          onClick={() => o.value !== value && onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
