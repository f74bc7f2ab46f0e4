import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "@apollo/client/react";
import { Button } from "antd-mobile";
import { formatFileSize, formatPrice } from "../../shared/format";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import { toast } from "../site/toast";
import { ConfirmDownloadMutation } from "./operations";
import { useWalletBalance } from "./useWalletBalance";
import { RECHARGE_PATH } from "./BuyButton";
import styles from "./buy.module.css";

export interface TrafficQuote {
  fee: number;
  fileSize: number;
  quoteId: string;
}

/** A paid download grant: its token opens the download until `expiresAt`. */
export interface Grant {
  token: string;
  expiresAt: number;
}

/** 确认下载: the traffic fee of this download and the balance; paying it gives the grant the download uses. */
export function TrafficFeeSheet({ name, quote, onClose, onGranted }: { name: string; quote: TrafficQuote; onClose: () => void; onGranted: (g: Grant) => void }) {
  const { balance } = useWalletBalance();
  const [confirm, { loading }] = useMutation(ConfirmDownloadMutation);
  const [short, setShort] = useState(false);
  const insufficient = short || (balance !== null && balance < quote.fee);
  return (
    <div className={styles.sheet} role="dialog" aria-labelledby="traffic-title">
      <h2 id="traffic-title" className={styles.title}>
        确认下载
      </h2>
      <dl className={styles.rows}>
        <div>
          <dt>资源</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>文件大小</dt>
          <dd>{formatFileSize(quote.fileSize)}</dd>
        </div>
        <div>
          <dt>流量费</dt>
          <dd className={styles.price} data-testid="traffic-fee">
            ¥{formatPrice(quote.fee)}
          </dd>
        </div>
        <div>
          <dt>当前余额</dt>
          <dd data-testid="traffic-balance">{balance === null ? "…" : `¥${formatPrice(balance)}`}</dd>
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
            confirm({ variables: { quoteId: quote.quoteId } })
              .then((r) => {
                const g = r.data?.confirmDownload;
                if (g) onGranted({ token: g.token, expiresAt: new Date(g.expiresAt).getTime() });
              })
              .catch((e: unknown) => {
                if (errorCode(e) === "WALLET_INSUFFICIENT_BALANCE") setShort(true);
                else toast({ icon: "fail", content: errorMessage(e) });
              });
          }}
        >
          支付流量费并下载 ¥{formatPrice(quote.fee)}
        </Button>
      )}
      <Button block fill="none" className={styles.cancel} onClick={onClose}>
        取消
      </Button>
    </div>
  );
}
