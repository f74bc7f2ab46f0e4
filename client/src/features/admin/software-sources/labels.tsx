import { Tag } from "../common/Tag";

export const FORMAT_NAMES: Record<string, string> = { altstore: "AltStore", esign: "ESign", scarlet: "Scarlet" };

const STATUS: Record<string, { color: string; text: string }> = {
  pending: { color: "processing", text: "获取中" },
  ok: { color: "green", text: "正常" },
  failed: { color: "red", text: "失败" },
};

export function StatusTag({ status }: { status: string }) {
  const s = STATUS[status] ?? { color: "default", text: status };
  return <Tag color={s.color}>{s.text}</Tag>;
}

const OUTCOMES: Record<string, { color: string; text: string }> = {
  updated: { color: "green", text: "已更新" },
  unchanged: { color: "blue", text: "未变化" },
  failed: { color: "red", text: "失败" },
};

export function OutcomeTag({ outcome }: { outcome: string }) {
  const o = OUTCOMES[outcome] ?? { color: "default", text: outcome };
  return <Tag color={o.color}>{o.text}</Tag>;
}
