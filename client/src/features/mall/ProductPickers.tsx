import type { CertificatePackagesQuery } from "../../gql/graphql";
import { formatPrice } from "../../shared/format";
import { DEVICE_TYPE_LABELS, PACKAGE_KIND_LABELS } from "./labels";
import styles from "./mall.module.css";

export type MallPackage = CertificatePackagesQuery["certificatePackages"][number];
export type MallPlan = MallPackage["plans"][number];

/** Step 1: the packages on sale, one to pick. */
export function PackagePicker({
  packages,
  selected,
  onPick,
}: {
  packages: MallPackage[];
  selected: MallPackage | undefined;
  onPick: (p: MallPackage) => void;
}) {
  return (
    <div className={styles.options} role="radiogroup" aria-labelledby="pkg-title">
      {packages.map((p) => (
        <button
          key={p.id}
          type="button"
          role="radio"
          aria-checked={selected?.id === p.id}
          className={`${styles.option} ${selected?.id === p.id ? styles.optionOn : ""}`}
          onClick={() => onPick(p)}
          data-testid="mall-package"
        >
          <span className={styles.optionTop}>
            <span className={styles.optionName}>{p.name}</span>
            <span className={styles.badge}>{PACKAGE_KIND_LABELS[p.kind] ?? p.kind}</span>
          </span>
          {p.description && <span className={styles.optionDesc}>{p.description}</span>}
          <span className={styles.optionMeta}>
            <span>{DEVICE_TYPE_LABELS[p.deviceType] ?? p.deviceType}</span>
            <span>{p.plans.length ? `¥${formatPrice(Math.min(...p.plans.map((x) => x.price)))} 起` : "暂无方案"}</span>
          </span>
        </button>
      ))}
    </div>
  );
}

/** Step 2: the package's plans (duration, warranty, stock); a sold-out plan cannot be picked. */
export function PlanPicker({
  plans,
  selected,
  onPick,
}: {
  plans: MallPlan[];
  selected: MallPlan | undefined;
  onPick: (p: MallPlan) => void;
}) {
  return (
    <div className={styles.options} role="radiogroup" aria-labelledby="plan-title">
      {plans.map((p) => {
        const soldOut = p.stock !== null && p.stock !== undefined && p.stock <= 0;
        return (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={selected?.id === p.id}
            disabled={soldOut}
            className={`${styles.option} ${selected?.id === p.id ? styles.optionOn : ""}`}
            onClick={() => onPick(p)}
            data-testid="mall-plan"
          >
            <span className={styles.optionTop}>
              <span className={styles.optionName}>{p.name}</span>
              <span className={styles.optionPrice}>¥{formatPrice(p.price)}</span>
            </span>
            <span className={styles.optionMeta}>
              <span>有效期 {p.durationDays} 天</span>
              <span>{p.warrantyDays > 0 ? `质保 ${p.warrantyDays} 天` : "无质保"}</span>
              {p.stock !== null && p.stock !== undefined && <span>{soldOut ? "已售罄" : `剩余 ${p.stock}`}</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}
