/** The certificate mall packages' choices as the admin sees them, and a helper to move a row in a hand order. */
export const KIND_OPTIONS = [
  { value: "shared", label: "共享版" },
  { value: "stable", label: "稳定版" },
  { value: "dedicated", label: "独立版" },
];
export const SOURCE_OPTIONS = [
  { value: "asc", label: "App Store Connect" },
  { value: "supplier", label: "供应商接口" },
  { value: "manual", label: "人工交付" },
  { value: "platform", label: "平台证书（企业）" },
];
export const DEVICE_OPTIONS = [
  { value: "iphone", label: "iPhone" },
  { value: "ipad", label: "iPad" },
  { value: "all", label: "iPhone / iPad" },
];
export const label = (opts: { value: string; label: string }[], v: string) =>
  opts.find((o) => o.value === v)?.label ?? v;

/** Moves id one place up (-1) or down (+1) in ids. */
export const moved = (ids: string[], id: string, by: -1 | 1) => {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};
