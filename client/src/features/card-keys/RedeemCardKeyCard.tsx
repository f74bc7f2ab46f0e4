import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Input } from "antd-mobile";
import { formatPrice } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import accountStyles from "../account/account.module.css";
import payStyles from "../payments/payments.module.css";
import { RedeemCardKeyMutation } from "./operations";

/**
 * 卡密兑换 on /profile: a balance key credits the wallet at once; the answer carries the new balance (the wallet card
 * above also moves, through walletChanged).
 */
export function RedeemCardKeyCard() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ amount: number; balance: number } | null>(null);
  const [redeem, { loading }] = useMutation(RedeemCardKeyMutation);

  async function submit() {
    setError(undefined);
    setDone(null);
    const value = code.trim();
    if (!value) return setError("请输入卡密");
    try {
      const { data } = await redeem({ variables: { code: value } });
      const r = data!.redeemCardKey;
      setDone({ amount: r.amount, balance: r.balance });
      setCode("");
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <section id="card-key" className={accountStyles.card} aria-labelledby="card-key-title">
      <h2 id="card-key-title" className={accountStyles.cardTitle}>
        卡密兑换
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={payStyles.custom}>
          <Input
            aria-label="卡密"
            placeholder="请输入卡密"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(undefined);
            }}
          />
        </div>
        {error && (
          <p className={payStyles.error} role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className={payStyles.hint} role="status" data-testid="card-key-result">
            兑换成功，到账 ¥{formatPrice(done.amount)}，当前余额 ¥{formatPrice(done.balance)}
          </p>
        )}
        <div className={payStyles.submit}>
          <Button block color="primary" size="large" type="submit" loading={loading}>
            兑换
          </Button>
        </div>
      </form>
    </section>
  );
}
