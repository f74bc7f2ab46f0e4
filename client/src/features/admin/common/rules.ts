import type { FormRule as Rule } from "antd";

/**
 * Form rules the back office shares. The server checks the same things again; these only catch a mistake before
 * the round trip, with the same wording.
 */

/** An http(s) URL or a site path ("/..." but not "//host"); no spaces or quotes. */
export function isSafeLink(value: string): boolean {
  if (/[\s<>"'`\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  return /^https?:\/\/[^/\s]+/i.test(value);
}

export const required = (label: string): Rule => ({ required: true, whitespace: true, message: `请填写${label}` });

export const maxLength = (label: string, max: number): Rule => ({ max, message: `${label}不能超过${max}个字符` });

export const linkRule = (label: string): Rule => ({
  validator: (_, value?: string) =>
    !value?.trim() || isSafeLink(value.trim())
      ? Promise.resolve()
      : Promise.reject(new Error(`${label}无效：仅支持 http(s) 链接或以 / 开头的站内路径`)),
});

/**
 * What is wrong with an amount (yuan, or a size): missing, not a number, negative, above `max` (named with `unit`),
 * or more than 2 decimals; nothing when it is right.
 */
export function amountProblem(
  label: string,
  max: number,
  value: number | null | undefined,
  unit = "",
): string | undefined {
  if (value === undefined || value === null) return `请填写${label}`;
  if (!Number.isFinite(value)) return `${label}无效`;
  if (value < 0) return `${label}不能为负数`;
  if (value > max) return `${label}不能超过${max}${unit}`;
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return `${label}最多保留两位小数`;
}

/** Yuan: a number >= 0 with at most 2 decimals and at most 1,000,000. */
export const moneyRule = (label: string): Rule => ({
  validator: (_, value?: number | null) => {
    const problem = amountProblem(label, 1_000_000, value, "元");
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** Bundle ids as the server takes them (com.example.app): letters, digits, dots, hyphens, underscores. */
export const BUNDLE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const bundleIdRule: Rule = {
  validator: (_, value?: string) =>
    !value?.trim() || BUNDLE_ID_PATTERN.test(value.trim())
      ? Promise.resolve()
      : Promise.reject(new Error("Bundle ID 格式无效")),
};

/** QQ group numbers: 5 to 12 digits, no leading 0, else the spec's 无效的群号. */
export const QQ_NUMBER_PATTERN = /^[1-9][0-9]{4,11}$/;
