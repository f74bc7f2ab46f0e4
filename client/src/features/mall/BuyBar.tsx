import { Button } from "antd-mobile";
import { formatPrice } from "../../shared/format";
import styles from "./mall.module.css";

/** The bar at the bottom: the total of the picked plan and 立即购买 (a guest: 登录购买). */
export function BuyBar({
  price,
  error,
  loggedIn,
  ready,
  buying,
  onBuy,
  onLogin,
}: {
  /** The picked plan's price; undefined while none is picked. */
  price: number | undefined;
  error: string | null;
  loggedIn: boolean;
  ready: boolean;
  buying: boolean;
  onBuy: () => void;
  onLogin: () => void;
}) {
  return (
    <div className={styles.buyBar}>
      <div className={styles.buyTotal}>
        {price !== undefined ? "合计" : "请选择方案"}
        {price !== undefined && <strong>¥{formatPrice(price)}</strong>}
        {error && (
          <span className={styles.error} role="alert" style={{ display: "block", margin: 0 }}>
            {error}
          </span>
        )}
      </div>
      {loggedIn ? (
        <Button
          color="primary"
          size="large"
          className={styles.buyButton}
          disabled={!ready}
          loading={buying}
          onClick={onBuy}
        >
          立即购买
        </Button>
      ) : (
        <Button color="primary" size="large" className={styles.buyButton} onClick={onLogin}>
          登录购买
        </Button>
      )}
    </div>
  );
}
