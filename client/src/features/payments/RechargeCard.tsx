import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Button, Input, Selector, Skeleton } from "antd-mobile";
import { errorMessage } from "../../shared/graphqlError";
import { checkAmount, paymentsApi, type PublicMethod } from "./api";
import { PAYMENT_CHANNEL_LABELS } from "../wallet/labels";
import accountStyles from "../account/account.module.css";
import styles from "./payments.module.css";

const PRESETS = [10, 30, 50, 100, 200, 500];

/** 充值 on /profile (the balance is the wallet card's, above it): an amount (presets or typed), a method, then off to the gateway's page. */
export function RechargeCard() {
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const [methods, setMethods] = useState<PublicMethod[] | null>(null);
  const [methodError, setMethodError] = useState<string>();
  const [method, setMethod] = useState<number>();
  const [preset, setPreset] = useState<number | null>(PRESETS[0]);
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    paymentsApi
      .methods()
      .then((list) => {
        if (!live) return;
        setMethods(list);
        if (list.length) setMethod(list[0].id);
      })
      .catch((e) => live && setMethodError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, []);

  // "/profile#recharge" (the purchase sheet's 去充值) lands on this card, again once its methods have loaded and the
  // cards above it have likely settled.
  useEffect(() => {
    if (hash === "#recharge") section.current?.scrollIntoView({ block: "start" });
  }, [hash, methods]);

  async function pay() {
    setError(undefined);
    const checked = preset !== null ? ({ ok: true, amount: preset } as const) : checkAmount(custom);
    if (!checked.ok) return setError(checked.error);
    if (method === undefined) return setError("请选择支付方式");
    setSubmitting(true);
    try {
      const { pay_url } = await paymentsApi.recharge(checked.amount, method);
      window.location.assign(pay_url);
    } catch (e) {
      setError(errorMessage(e));
      setSubmitting(false);
    }
  }

  return (
    <section
      ref={section}
      id="recharge"
      className={`${accountStyles.card} ${styles.rechargeCard}`}
      aria-labelledby="recharge-title"
    >
      <h2 id="recharge-title" className={accountStyles.cardTitle}>
        充值
      </h2>
      <div className={styles.presets} role="group" aria-label="充值金额">
        {PRESETS.map((v) => (
          <button
            key={v}
            type="button"
            className={`${styles.preset} ${preset === v ? styles.presetOn : ""}`}
            aria-pressed={preset === v}
            onClick={() => {
              setPreset(v);
              setCustom("");
              setError(undefined);
            }}
          >
            ¥{v}
          </button>
        ))}
      </div>
      <div className={styles.custom}>
        <Input
          aria-label="自定义金额"
          placeholder="自定义金额（元）"
          inputMode="decimal"
          value={custom}
          onChange={(v) => {
            setCustom(v);
            setPreset(v.trim() ? null : PRESETS[0]);
            setError(undefined);
          }}
        />
      </div>
      <p className={styles.label}>支付方式</p>
      {methods === null && !methodError ? (
        <Skeleton.Paragraph lineCount={1} animated />
      ) : methodError ? (
        <p className={styles.error}>{methodError}</p>
      ) : methods && methods.length === 0 ? (
        <p className={styles.hint}>暂无可用的支付方式，请联系客服</p>
      ) : (
        <Selector
          columns={2}
          options={(methods ?? []).map((m) => ({
            label: m.name,
            value: m.id,
            description: PAYMENT_CHANNEL_LABELS[m.channel] ?? m.channel,
          }))}
          value={method === undefined ? [] : [method]}
          onChange={(v) => v.length && setMethod(v[0])}
        />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.submit}>
        <Button block color="primary" size="large" loading={submitting} disabled={!methods?.length} onClick={pay}>
          去支付
        </Button>
      </div>
    </section>
  );
}
