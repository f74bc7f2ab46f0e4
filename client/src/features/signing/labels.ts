/** The stages a task passes, in order, with their Chinese labels (the card's steps). */
export const STAGES = [
  { key: "queued", label: "排队中" },
  { key: "preparing", label: "准备中" },
  { key: "signing", label: "签名中" },
  { key: "verifying", label: "校验中" },
  { key: "storing", label: "保存中" },
  { key: "done", label: "已完成" },
] as const;

export const STATUS_LABELS: Record<string, string> = {
  queued: "排队中",
  running: "进行中",
  done: "已完成",
  failed: "失败",
  cancelled: "已取消",
};

export const KIND_LABELS: Record<string, string> = { user: "我的证书", temp: "临时证书", demo: "演示证书" };

const CERT_STATUS_REASONS: Record<string, string> = {
  expired: "证书已过期",
  revoked: "证书已被吊销",
  invalid: "证书无效",
};

/** The label of a stage ("failed" and "cancelled" name the end state). */
export function stageLabel(stage: string): string {
  return STAGES.find((s) => s.key === stage)?.label ?? STATUS_LABELS[stage] ?? stage;
}

/** Index of a stage among STAGES (-1 for failed/cancelled/unknown). */
export function stageIndex(stage: string): number {
  return STAGES.findIndex((s) => s.key === stage);
}

export const isActive = (status: string) => status === "queued" || status === "running";

/** "免费" or "¥1.50" for a fee in fen. */
export function feeText(fen: number): string {
  return fen > 0 ? `¥${(fen / 100).toFixed(2)}` : "免费";
}

/** Why a certificate cannot sign now (expired, revoked, …), or null when it can. */
export function unusableReason(
  c: { usable: boolean; expiresAt: string; status: string },
  now = Date.now(),
): string | null {
  if (c.usable) return null;
  if (new Date(c.expiresAt).getTime() <= now) return "证书已过期";
  return CERT_STATUS_REASONS[c.status] ?? "证书当前不可用";
}
