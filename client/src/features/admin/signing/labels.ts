/** A signing task's status (signing_tasks.status) as the back office names it, with its tag colour. */
export const TASK_STATUS_LABELS: Record<string, string> = {
  queued: "排队中",
  running: "签名中",
  done: "已完成",
  failed: "失败",
  cancelled: "已取消",
};

export const TASK_STATUS_COLORS: Record<string, string> = {
  queued: "default",
  running: "processing",
  done: "success",
  failed: "error",
  cancelled: "warning",
};

/** Where a running task is (the worker's stages). */
export const TASK_STAGE_LABELS: Record<string, string> = {
  queued: "排队中",
  preparing: "准备中",
  signing: "签名中",
  verifying: "校验中",
  storing: "保存中",
  done: "已完成",
  failed: "失败",
  cancelled: "已取消",
};

export const SOURCE_LABELS: Record<string, string> = { upload: "上传的 IPA", app: "应用库" };

/** Known fields of the signer's report (worker/src/processors/signing.ts), in the order the drawer shows them. */
export const REPORT_LABELS: [key: string, label: string][] = [
  ["displayName", "应用名称"],
  ["bundleId", "Bundle ID"],
  ["version", "版本"],
  ["build", "Build"],
  ["teamId", "团队ID"],
  ["certificateCommonName", "签名证书"],
  ["certificateExpiry", "证书到期"],
  ["profileName", "描述文件"],
  ["profileType", "描述文件类型"],
  ["profileExpiry", "描述文件到期"],
  ["devicesCount", "设备数"],
  ["inputSize", "原始大小"],
  ["outputSize", "签名后大小"],
  ["signMs", "签名耗时"],
  ["runs", "执行次数"],
  ["worker", "执行节点"],
  ["iconPath", "图标文件"],
];
