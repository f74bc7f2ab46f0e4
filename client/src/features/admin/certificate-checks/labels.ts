/** Words of the status checks, shared by the check page and the detection page. */
export const STATUS_LABELS: Record<string, { text: string; color: string }> = {
  checking: { text: "检测中", color: "processing" },
  valid: { text: "有效", color: "success" },
  revoked: { text: "已吊销", color: "error" },
  expired: { text: "已过期", color: "warning" },
  error: { text: "检测失败", color: "default" },
  cancelled: { text: "已取消", color: "default" },
};

export const BATCH_STATUS: Record<string, { text: string; color: string }> = {
  running: { text: "进行中", color: "processing" },
  completed: { text: "已完成", color: "success" },
  cancelled: { text: "已取消", color: "default" },
};

export const SCOPE_OPTIONS = [
  { value: "all", label: "全部证书" },
  { value: "user", label: "用户证书" },
  { value: "temp", label: "临时证书" },
  { value: "platform", label: "平台证书" },
];

export const FILTER_STATUS_OPTIONS = [
  { value: "all", label: "全部状态" },
  { value: "unchecked", label: "未检测" },
  { value: "valid", label: "有效" },
  { value: "revoked", label: "已吊销" },
  { value: "expired", label: "已过期" },
  { value: "error", label: "检测失败" },
];

export const scopeLabel = (v: string) => SCOPE_OPTIONS.find((o) => o.value === v)?.label ?? v;
export const filterStatusLabel = (v: string) => FILTER_STATUS_OPTIONS.find((o) => o.value === v)?.label ?? v;
