import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "@apollo/client/react";
import { Button, Popup } from "antd-mobile";
import { toast } from "../site/toast";
import { formatPrice } from "../../shared/format";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import type { CatalogKind } from "../catalog/types";
import { BuyItemMutation } from "./operations";
import { useWalletBalance } from "./useWalletBalance";
import styles from "./buy.module.css";

/** Where the top-up lives (the 充值 section of /profile). */
export const RECHARGE_PATH = "/profile#recharge";

function ConfirmSheet({ kind, id, name, price, onClose, onBought }: { kind: CatalogKind; id: string; name: string; price: number; onClose: () => void; onBought: () => void }) {
  const { balance } = useWalletBalance();
  const [buy, { loading }] = useMutation(BuyItemMutation);
  const [short, setShort] = useState(false);
  const insufficient = short || (balance !== null && balance < price);
  return (
    <div className={styles.sheet} role="dialog" aria-labelledby="buy-title">
      <h2 id="buy-title" className={styles.title}>
        确认购买
      </h2>
      <dl className={styles.rows}>
        <div>
          <dt>商品</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>价格</dt>
          <dd className={styles.price}>¥{formatPrice(price)}</dd>
        </div>
        <div>
          <dt>当前余额</dt>
          <dd data-testid="buy-balance">{balance === null ? "…" : `¥${formatPrice(balance)}`}</dd>
        </div>
      </dl>
      {insufficient ? (
        <>
          <p className={styles.short} role="alert">
            余额不足
          </p>
          <Link to={RECHARGE_PATH} className={styles.recharge} onClick={onClose}>
            去充值
          </Link>
        </>
      ) : (
        <Button
          block
          color="primary"
          size="large"
          loading={loading}
          disabled={balance === null}
          onClick={() => {
            buy({ variables: { kind, id } })
              .then(() => {
                toast({ icon: "success", content: "购买成功" });
                onBought();
              })
              .catch((e: unknown) => {
                if (errorCode(e) === "WALLET_INSUFFICIENT_BALANCE") setShort(true);
                else if (errorCode(e) === "ORDER_ALREADY_PURCHASED") onBought();
                else toast({ icon: "fail", content: errorMessage(e) });
              });
          }}
        >
          确认支付 ¥{formatPrice(price)}
        </Button>
      )}
      <Button block fill="none" className={styles.cancel} onClick={onClose}>
        取消
      </Button>
    </div>
  );
}

/** 立即购买: a confirm sheet with the price and the current balance, paying from the wallet. */
export function BuyButton(props: { kind: CatalogKind; id: string; name: string; price: number; onBought: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button block color="primary" className={styles.buy} onClick={() => setOpen(true)}>
        立即购买 ¥{formatPrice(props.price)}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }} destroyOnClose>
        <ConfirmSheet
          {...props}
          onClose={() => setOpen(false)}
          onBought={() => {
            setOpen(false);
            props.onBought();
          }}
        />
      </Popup>
    </>
  );
}
