import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Popup } from "antd-mobile";
import { toast } from "../site/toast";
import { formatPrice } from "../../shared/format";
import { errorCode } from "../../shared/graphqlError";
import type { CatalogKind } from "../catalog/types";
import { BuyItemMutation } from "./operations";
import { ChargeSheet } from "./ChargeSheet";
import styles from "./buy.module.css";

function ConfirmSheet({ kind, id, name, price, onClose, onBought }: { kind: CatalogKind; id: string; name: string; price: number; onClose: () => void; onBought: () => void }) {
  const [buy] = useMutation(BuyItemMutation);
  return (
    <ChargeSheet
      id="buy-title"
      title="确认购买"
      rows={[
        { label: "商品", value: name },
        { label: "价格", value: `¥${formatPrice(price)}`, price: true },
      ]}
      amount={price}
      balanceTestId="buy-balance"
      confirmLabel={`确认支付 ¥${formatPrice(price)}`}
      pay={async () => {
        await buy({ variables: { kind, id } });
        toast({ icon: "success", content: "购买成功" });
        onBought();
      }}
      onRefused={(e) => errorCode(e) === "ORDER_ALREADY_PURCHASED" && (onBought(), true)}
      onClose={onClose}
    />
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
