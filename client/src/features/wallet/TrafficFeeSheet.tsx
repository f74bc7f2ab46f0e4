import { useMutation } from "@apollo/client/react";
import { formatFileSize, formatPrice } from "../../shared/format";
import { ConfirmDownloadMutation } from "./operations";
import { ChargeSheet } from "./ChargeSheet";

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
export function TrafficFeeSheet({
  name,
  quote,
  onClose,
  onGranted,
}: {
  name: string;
  quote: TrafficQuote;
  onClose: () => void;
  onGranted: (g: Grant) => void;
}) {
  const [confirm] = useMutation(ConfirmDownloadMutation);
  return (
    <ChargeSheet
      id="traffic-title"
      title="确认下载"
      rows={[
        { label: "资源", value: name },
        { label: "文件大小", value: formatFileSize(quote.fileSize) },
        { label: "流量费", value: `¥${formatPrice(quote.fee)}`, price: true, testId: "traffic-fee" },
      ]}
      amount={quote.fee}
      balanceTestId="traffic-balance"
      confirmLabel={`支付流量费并下载 ¥${formatPrice(quote.fee)}`}
      pay={async () => {
        const g = (await confirm({ variables: { quoteId: quote.quoteId } })).data?.confirmDownload;
        if (g) onGranted({ token: g.token, expiresAt: new Date(g.expiresAt).getTime() });
      }}
      onClose={onClose}
    />
  );
}
