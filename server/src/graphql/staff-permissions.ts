import type { AccessLevel } from "./access";

/**
 * The back office's permission groups: each admin page group has one, and a staff user (role "user") holding it may
 * call that group's admin REST routes and GraphQL fields. Full admins (role "admin") hold them all implicitly.
 * User management and /admin/debug-auth have none: they stay with full admins (granting is an escalation).
 */
export const STAFF_PERMISSIONS = [
  { key: "dashboard", label: "仪表盘" },
  { key: "customer-service", label: "在线客服" },
  { key: "orders", label: "订单与消费记录" },
  { key: "finance", label: "支付与卡密" },
  { key: "signing", label: "签名、证书与设备" },
  { key: "catalogue", label: "应用与内容" },
  { key: "settings", label: "系统设置" },
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]["key"];

export const STAFF_PERMISSION_KEYS: readonly string[] = STAFF_PERMISSIONS.map((p) => p.key);

export const isStaffPermission = (p: unknown): p is StaffPermission =>
  typeof p === "string" && STAFF_PERMISSION_KEYS.includes(p);

/**
 * The level an entry point of a domain ends up with: a plain "admin" declaration in a domain whose manifest names a
 * permission becomes that permission; every other declaration (guest, user, an explicit perm:…) stays as written.
 */
export function domainLevel(level: AccessLevel, permission: StaffPermission | undefined): AccessLevel {
  return level === "admin" && permission ? `perm:${permission}` : level;
}
