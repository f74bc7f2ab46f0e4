import { Tag } from "antd-mobile";
import { ORDER_STATUS_LABELS } from "./labels";

const COLORS: Record<string, string> = {
  pending: "warning",
  paid: "primary",
  fulfilled: "success",
  closed: "default",
  refunded: "danger",
};

export function OrderStatusTag({ status }: { status: string }) {
  return (
    <Tag round fill="outline" color={COLORS[status] ?? "default"}>
      {ORDER_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
