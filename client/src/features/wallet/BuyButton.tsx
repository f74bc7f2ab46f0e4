import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Link } from "react-router";
import { Button } from "antd-mobile";
import { nextSteps } from "../catalog/nextSteps";
import { toast } from "../site/toast";
import { formatPrice } from "../../shared/format";
import { errorCode } from "../../shared/graphqlError";
import type { CatalogKind } from "../catalog/types";
import { BuyItemMutation } from "./operations";
import { ChargeSheet } from "./ChargeSheet";
import styles from "./buy.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

/**
 * After a purchase: what to do with the item now (签名安装, 注入到应用, 下载). Rendered by the page, not by
 * BuyButton, which goes away as soon as the item reads 已购买.
 */
export function BoughtPopup({
  visible,
  onClose,
  ...item
}: {
  visible: boolean;
  kind: CatalogKind;
  id: string;
  name: string;
  onClose: () => void;
}) {
  return (
    <BottomSheet visible={visible} onClose={onClose} destroyOnClose>
      <BoughtSheet {...item} onClose={onClose} />
    </BottomSheet>
  );
}

function BoughtSheet({
  kind,
  id,
  name,
  onClose,
}: {
  kind: CatalogKind;
  id: string;
  name: string;
  onClose: () => void;
}) {
  const steps = nextSteps(kind, id, true);
  return (
    <div className={styles.sheet} role="dialog" aria-labelledby="bought-title" data-testid="bought-sheet">
      <h2 id="bought-title" className={styles.title}>
        购买成功
      </h2>
      <p className={styles.bought}>
        「{name}」已归你所有
        {kind === "APP"
          ? "，现在就可以签名安装到手机。"
          : kind === "DYLIB"
            ? "，签名任意应用时都可注入。"
            : "，可随时下载。"}
      </p>
      {steps.map((s) => (
        <Link key={s.to} to={s.to} className={styles.recharge} data-testid={`sheet-${s.testId}`}>
          {s.label}
        </Link>
      ))}
      <Button block fill="none" className={styles.cancel} onClick={onClose}>
        {steps.length ? "稍后再说" : "去下载"}
      </Button>
    </div>
  );
}

function ConfirmSheet({
  kind,
  id,
  name,
  price,
  onClose,
  onBought,
}: {
  kind: CatalogKind;
  id: string;
  name: string;
  price: number;
  onClose: () => void;
  onBought: () => void;
}) {
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
      <BottomSheet visible={open} onClose={() => setOpen(false)} destroyOnClose>
        <ConfirmSheet {...props} onClose={() => setOpen(false)} onBought={() => (setOpen(false), props.onBought())} />
      </BottomSheet>
    </>
  );
}
