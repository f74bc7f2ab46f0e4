import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { errorMessage } from "../../shared/graphqlError";
import { RedeemCertificateCardKeyMutation } from "./operations";
import { CardKeyFields } from "./CardKeyFields";
import styles from "./mall.module.css";

/** 卡密兑换: a certificate card key redeemed for the device picked above; the new order opens on success. */
export function RedeemCard({
  deviceId,
  onRedeemed,
}: {
  deviceId: string | undefined;
  onRedeemed: (deviceId: string, orderNo: string) => void;
}) {
  const [redeemKey, redeeming] = useMutation(RedeemCertificateCardKeyMutation);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function redeem() {
    if (!deviceId) return setError("请先选择要绑定的设备");
    setError(null);
    try {
      const { data } = await redeemKey({ variables: { code: code.trim(), deviceId } });
      setCode("");
      onRedeemed(deviceId, data!.redeemCertificateCardKey.orderNo);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <section className={styles.card} aria-labelledby="redeem-title">
      <h2 id="redeem-title" className={styles.sectionTitle}>
        卡密兑换
      </h2>
      <p className={styles.hint}>有证书卡密？输入卡密，为上方选中的设备兑换对应方案的证书。</p>
      <CardKeyFields
        code={code}
        onCode={setCode}
        label="证书卡密"
        error={error}
        disabled={false}
        loading={redeeming.loading}
        onRedeem={() => void redeem()}
      />
    </section>
  );
}
