import { Tag } from "antd-mobile";
import { STATUS_COLORS, STATUS_LABELS } from "./labels";

/** 有效 / 已吊销 / 已过期 / 未检测 / 检测失败. */
export function CertificateStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? "default"} fill="outline" round data-testid="certificate-status">
      {STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
