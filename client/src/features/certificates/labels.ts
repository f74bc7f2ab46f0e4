/** Words of the certificate pages. */
export const STATUS_LABELS: Record<string, string> = {
  valid: "有效",
  revoked: "已吊销",
  expired: "已过期",
  unchecked: "未检测",
  error: "检测失败",
};

/** antd-mobile Tag colours of the statuses. */
export const STATUS_COLORS: Record<string, string> = {
  valid: "success",
  revoked: "danger",
  expired: "warning",
  unchecked: "default",
  error: "warning",
};

export const CERT_TYPE_LABELS: Record<string, string> = {
  development: "开发证书",
  distribution: "发布证书",
  enterprise: "企业证书",
};

export const PROFILE_TYPE_LABELS: Record<string, string> = {
  development: "开发（Development）",
  adhoc: "内测（Ad Hoc）",
  enterprise: "企业（In-House）",
  appstore: "商店（App Store）",
};

export const devicesLabel = (c: { allDevices: boolean; deviceCount: number }) =>
  c.allDevices ? "所有设备" : `${c.deviceCount} 台设备`;
