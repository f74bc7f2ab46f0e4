import { SITE_NAME } from "../../shared/site";

/** The public site settings the users' pages show (siteInfo + footer). */
export interface SiteChrome {
  siteName: string;
  siteLogo: string;
  seoSubtitle: string;
  seoKeywords: string;
  seoDescription: string;
  icpNumber: string;
  copyrightInfo: string;
}

export const DEFAULT_SITE: SiteChrome = {
  siteName: SITE_NAME,
  siteLogo: "",
  seoSubtitle: "",
  seoKeywords: "",
  seoDescription: "",
  icpNumber: "",
  copyrightInfo: "",
};

/** The national filing site the ICP number links to. */
export const BEIAN_URL = "https://beian.miit.gov.cn/";

type Partial2 = { [K in keyof SiteChrome]?: string | null };

/** Blank or missing settings fall back to the built-in defaults (a failed read shows the defaults too). */
export function withDefaults(values: Partial2 | null | undefined): SiteChrome {
  const out = { ...DEFAULT_SITE };
  if (!values) return out;
  for (const key of Object.keys(DEFAULT_SITE) as (keyof SiteChrome)[]) {
    const v = values[key];
    if (typeof v === "string" && v.trim()) out[key] = v.trim();
  }
  return out;
}

/** The page title: the site name, then ' - ' and the subtitle if there is one. */
export function siteTitle(site: Pick<SiteChrome, "siteName" | "seoSubtitle">): string {
  return site.seoSubtitle ? `${site.siteName} - ${site.seoSubtitle}` : site.siteName;
}

/** The copyright line: the configured text, else one made from the year and the site name. */
export function copyrightText(
  site: Pick<SiteChrome, "siteName" | "copyrightInfo">,
  year = new Date().getFullYear(),
): string {
  return site.copyrightInfo || `© ${year} ${site.siteName} 版权所有`;
}
