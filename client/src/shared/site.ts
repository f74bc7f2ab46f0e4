/** Built-in site identity, used whenever the site settings give no name. */
export const SITE_NAME = "果仁应用";
export const SITE_TAGLINE = "精选 iOS 应用 · 资源 · 签名服务";
