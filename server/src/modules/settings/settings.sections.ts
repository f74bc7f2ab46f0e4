import { DomainError } from "../../common/errors";
import { EMAIL_PATTERN, fenToYuan, isSafeLink, optionalText, requireText } from "../../common/validate";

/**
 * The settings sections, each with its defaults, the validation of an admin's (partial) update, and the way it is
 * stored. Money is stored as integer fen and exposed in yuan.
 */

/** The built-in site name, the same as the client's SITE_NAME (client/src/shared/site.ts). */
import { DEFAULT_SITE_NAME } from "@gryx/contracts";

const FLOW_FEE_ROUNDINGS = ["round", "ceil", "floor"] as const;
type FlowFeeRounding = (typeof FLOW_FEE_ROUNDINGS)[number];

export interface FeeSettings {
  resourceFee: number;
  flowFee: number;
  flowFeeThresholdMB: number;
  flowFeeBase: number;
  flowFeeRatePerGB: number;
  flowFeeRounding: FlowFeeRounding;
  flowFeeMinMB: number;
  flowFeeMinAmount: number;
}

/** The fees as stored: money fields in fen. */
export interface StoredFees {
  resourceFeeFen: number;
  flowFeeFen: number;
  flowFeeThresholdMB: number;
  flowFeeBaseFen: number;
  flowFeeRatePerGBFen: number;
  flowFeeRounding: FlowFeeRounding;
  flowFeeMinMB: number;
  flowFeeMinAmountFen: number;
}

export interface ContactSettings {
  wechat: string;
  qq: string;
  email: string;
}

export interface SiteSettings {
  siteName: string;
  siteLogo: string;
  seoSubtitle: string;
  seoKeywords: string;
  seoDescription: string;
}

export interface FooterSettings {
  icpNumber: string;
  copyrightInfo: string;
}

/** The texts the register form links to (/agreement and /privacy): plain text, one paragraph per line. */
export interface LegalSettings {
  userAgreement: string;
  privacyPolicy: string;
}

const MONEY_FIELDS = {
  resourceFee: { stored: "resourceFeeFen", label: "资源费" },
  flowFee: { stored: "flowFeeFen", label: "流量费" },
  flowFeeBase: { stored: "flowFeeBaseFen", label: "流量费基础金额" },
  flowFeeRatePerGB: { stored: "flowFeeRatePerGBFen", label: "每GB流量费" },
  flowFeeMinAmount: { stored: "flowFeeMinAmountFen", label: "流量费最低金额" },
} as const;
const SIZE_FIELDS = {
  flowFeeThresholdMB: "流量费起算阈值（MB）",
  flowFeeMinMB: "流量费最小计费量（MB）",
} as const;
const MONEY_MAX_YUAN = 1_000_000;
const SIZE_MAX_MB = 1_048_576;

const FEE_DEFAULTS: StoredFees = {
  resourceFeeFen: 100,
  flowFeeFen: 0,
  flowFeeThresholdMB: 512,
  flowFeeBaseFen: 10,
  flowFeeRatePerGBFen: 20,
  flowFeeRounding: "round",
  flowFeeMinMB: 512,
  flowFeeMinAmountFen: 10,
};
export const CONTACT_DEFAULTS: ContactSettings = { wechat: "", qq: "", email: "" };
export const SITE_DEFAULTS: SiteSettings = {
  siteName: DEFAULT_SITE_NAME,
  siteLogo: "",
  seoSubtitle: "",
  seoKeywords: "iOS应用,IPA下载,动态库,资源分享,应用签名",
  seoDescription: "精选 iOS 应用 · 资源 · 签名服务",
};
export const FOOTER_DEFAULTS: FooterSettings = { icpNumber: "", copyrightInfo: `© 2026 ${DEFAULT_SITE_NAME}` };

/** Built-in texts, shown until an admin writes the site's own (and again if a text is cleared). */
const LEGAL_DEFAULTS: LegalSettings = {
  userAgreement: [
    "欢迎使用本站。注册或使用本站服务，即表示您已阅读、理解并同意本协议的全部内容。",
    "一、账号：您应提供真实、有效的注册信息，并妥善保管账号和密码。因您保管不善造成的损失由您自行承担；发现账号被盗用时，请立即联系客服。",
    "二、服务内容：本站提供 iOS 应用、动态库与资源的浏览和下载，以及应用签名、证书购买与管理等服务。部分服务需要付费，费用以下单时页面显示为准。",
    "三、使用规范：您不得利用本站服务从事违反法律法规的活动，不得上传、传播侵犯他人合法权益的内容，不得干扰本站的正常运行。",
    "四、知识产权：本站展示的应用与资源的权利归其各自权利人所有。如认为本站内容侵犯了您的权益，请联系我们，我们将及时处理。",
    "五、免责声明：因不可抗力、系统维护或第三方原因导致服务中断的，本站不承担责任，但会尽力减少对您的影响。",
    "六、协议变更：本站可能适时修改本协议，修改后的协议在本页面公布后生效。您继续使用服务即视为接受修改后的协议。",
  ].join("\n"),
  privacyPolicy: [
    "本站重视您的隐私。本政策说明我们收集哪些信息、如何使用以及您享有的权利。",
    "一、我们收集的信息：注册时的用户名与密码（仅保存不可逆的摘要）、您选填的邮箱，以及登录时间、访问地址等保障账号安全所需的记录；绑定设备时，我们会收到设备的 UDID 等设备信息。",
    "二、信息的用途：用于提供和改进服务、完成签名与证书相关业务、找回密码、防范欺诈与滥用，以及在必要时与您联系。",
    "三、信息的共享：除法律法规要求或取得您的同意外，我们不会向第三方出售或提供您的个人信息。",
    "四、信息的保存与保护：我们采取合理的技术和管理措施保护您的信息，并仅在实现上述目的所需的期限内保存。",
    "五、您的权利：您可以在个人主页查看和修改账号信息，也可以联系客服更正或删除您的个人信息、注销账号。",
    "六、政策更新：本政策如有修改，将在本页面公布。如有疑问，请通过客服与我们联系。",
  ].join("\n"),
};
const LEGAL_MAX_LENGTH = 20_000;

/** A number from JSON or a form field: finite, >= 0, at most 2 decimals, at most `max`. */
function nonNegative(raw: unknown, label: string, max: number): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : NaN;
  if (!Number.isFinite(n)) throw new DomainError("SETTINGS_AMOUNT_INVALID", `${label}必须是数字`);
  if (n < 0) throw new DomainError("SETTINGS_AMOUNT_INVALID", `${label}不能为负数`);
  if (n > max) throw new DomainError("SETTINGS_AMOUNT_INVALID", `${label}不能超过${max}`);
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6)
    throw new DomainError("SETTINGS_AMOUNT_INVALID", `${label}最多保留两位小数`);
  return n;
}

const has = (o: Record<string, unknown>, k: string) => o[k] !== undefined;
/** A field sent in camelCase or the spec's snake_case (camelCase wins when both are there). */
const pick = (o: Record<string, unknown>, camel: string, snake: string) =>
  o[camel] !== undefined ? o[camel] : o[snake];
const nothing = () => new DomainError("NOTHING_TO_UPDATE");

export function feesFromStored(s: StoredFees): FeeSettings {
  return {
    resourceFee: fenToYuan(s.resourceFeeFen),
    flowFee: fenToYuan(s.flowFeeFen),
    flowFeeThresholdMB: s.flowFeeThresholdMB,
    flowFeeBase: fenToYuan(s.flowFeeBaseFen),
    flowFeeRatePerGB: fenToYuan(s.flowFeeRatePerGBFen),
    flowFeeRounding: s.flowFeeRounding,
    flowFeeMinMB: s.flowFeeMinMB,
    flowFeeMinAmount: fenToYuan(s.flowFeeMinAmountFen),
  };
}

/** Validates a partial fee update (yuan) into the stored fields it changes. */
export function parseFeesUpdate(input: Record<string, unknown>): Partial<StoredFees> {
  const out: Record<string, unknown> = {};
  for (const [field, { stored, label }] of Object.entries(MONEY_FIELDS))
    if (has(input, field)) out[stored] = Math.round(nonNegative(input[field], label, MONEY_MAX_YUAN) * 100);
  for (const [field, label] of Object.entries(SIZE_FIELDS))
    if (has(input, field)) out[field] = nonNegative(input[field], label, SIZE_MAX_MB);
  if (has(input, "flowFeeRounding")) {
    const r = input.flowFeeRounding;
    if (typeof r !== "string" || !(FLOW_FEE_ROUNDINGS as readonly string[]).includes(r))
      throw new DomainError("SETTINGS_ROUNDING_INVALID");
    out.flowFeeRounding = r;
  }
  if (Object.keys(out).length === 0) throw nothing();
  return out as Partial<StoredFees>;
}

/** Stored documents may predate a field or be damaged: each field falls back to its default unless well-formed. */
export function storedFees(value: Record<string, unknown> | undefined): StoredFees {
  const out = { ...FEE_DEFAULTS } as Record<string, unknown>;
  for (const k of Object.keys(FEE_DEFAULTS) as (keyof StoredFees)[]) {
    const v = value?.[k];
    if (k === "flowFeeRounding") {
      if (typeof v === "string" && (FLOW_FEE_ROUNDINGS as readonly string[]).includes(v)) out[k] = v;
    } else if (typeof v === "number" && Number.isFinite(v) && v >= 0) out[k] = v;
  }
  return out as unknown as StoredFees;
}

export function parseContactUpdate(input: Record<string, unknown>): Partial<ContactSettings> {
  const out: Partial<ContactSettings> = {};
  if (has(input, "wechat")) out.wechat = optionalText(input.wechat, "微信", 64);
  if (has(input, "qq")) {
    const qq = typeof input.qq === "number" ? String(input.qq) : optionalText(input.qq, "QQ", 12);
    if (qq && !/^[1-9]\d{4,11}$/.test(qq)) throw new DomainError("SETTINGS_QQ_INVALID");
    out.qq = qq;
  }
  if (has(input, "email")) {
    const email = optionalText(input.email, "邮箱", 254);
    if (email && !EMAIL_PATTERN.test(email)) throw new DomainError("SETTINGS_EMAIL_INVALID");
    out.email = email;
  }
  if (Object.keys(out).length === 0) throw nothing();
  return out;
}

/** Site fields in camelCase or the spec's snake_case (site_name, site_logo, seo_subtitle, ...). */
export function parseSiteUpdate(input: Record<string, unknown>): Partial<SiteSettings> {
  const out: Partial<SiteSettings> = {};
  const name = pick(input, "siteName", "site_name");
  if (name !== undefined) out.siteName = requireText(name, "站点名称", 50);
  const logo = pick(input, "siteLogo", "site_logo");
  if (logo !== undefined) {
    const url = optionalText(logo, "站点Logo", 500);
    if (url && !isSafeLink(url)) throw new DomainError("SETTINGS_LOGO_URL_INVALID");
    out.siteLogo = url;
  }
  const subtitle = pick(input, "seoSubtitle", "seo_subtitle");
  if (subtitle !== undefined) out.seoSubtitle = optionalText(subtitle, "SEO副标题", 100);
  const keywords = pick(input, "seoKeywords", "seo_keywords");
  if (keywords !== undefined) out.seoKeywords = optionalText(keywords, "SEO关键词", 200);
  const description = pick(input, "seoDescription", "seo_description");
  if (description !== undefined) out.seoDescription = optionalText(description, "SEO描述", 500);
  if (Object.keys(out).length === 0) throw nothing();
  return out;
}

export function parseFooterUpdate(input: Record<string, unknown>): Partial<FooterSettings> {
  const out: Partial<FooterSettings> = {};
  const icp = pick(input, "icpNumber", "icp_number");
  if (icp !== undefined) out.icpNumber = optionalText(icp, "备案号", 50);
  const copyright = pick(input, "copyrightInfo", "copyright_info");
  if (copyright !== undefined) out.copyrightInfo = optionalText(copyright, "版权信息", 200);
  if (Object.keys(out).length === 0) throw nothing();
  return out;
}

/** { userAgreement?, privacyPolicy? } (snake_case accepted); texts keep their line breaks, trimmed at both ends. */
export function parseLegalUpdate(input: Record<string, unknown>): Partial<LegalSettings> {
  const out: Partial<LegalSettings> = {};
  const agreement = pick(input, "userAgreement", "user_agreement");
  if (agreement !== undefined) out.userAgreement = optionalText(agreement, "用户协议", LEGAL_MAX_LENGTH);
  const privacy = pick(input, "privacyPolicy", "privacy_policy");
  if (privacy !== undefined) out.privacyPolicy = optionalText(privacy, "隐私政策", LEGAL_MAX_LENGTH);
  if (Object.keys(out).length === 0) throw nothing();
  return out;
}

/** The texts as stored; a blank or missing one is the built-in text. */
export function storedLegal(value: Record<string, unknown> | undefined): LegalSettings {
  const out = { ...LEGAL_DEFAULTS };
  for (const k of Object.keys(LEGAL_DEFAULTS) as (keyof LegalSettings)[]) {
    const v = value?.[k];
    if (typeof v === "string" && v.trim()) out[k] = v;
  }
  return out;
}

/** String sections: each field of the defaults, taken from the stored document when it is a string. */
export function storedStrings<T extends object>(defaults: T, value: Record<string, unknown> | undefined): T {
  const out = { ...defaults } as Record<string, unknown>;
  for (const k of Object.keys(defaults)) if (typeof value?.[k] === "string") out[k] = value[k];
  return out as T;
}
