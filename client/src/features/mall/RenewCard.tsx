import { Button } from "antd-mobile";
import styles from "./mall.module.css";

/** 优惠续费 (`?renew=<order id>`): a delivered order past its warranty, renewed for the same device at the plan's discount. */
export function RenewCard({ loading, onRenew }: { loading: boolean; onRenew: () => void }) {
  return (
    <section className={styles.card} aria-labelledby="renew-title">
      <h2 id="renew-title" className={styles.sectionTitle}>
        优惠续费
      </h2>
      <p className={styles.hint}>您的证书已超出质保期。续费将为同一设备重新交付同一方案的证书，享受方案的续费优惠。</p>
      <Button block color="primary" size="large" style={{ marginTop: 12 }} loading={loading} onClick={onRenew}>
        立即续费
      </Button>
    </section>
  );
}
