import { publicCache, route, withMessage, type RouteDef } from "../../rest/router";
import { receiveImage } from "../../rest/upload";
import type { SiteSettings } from "./settings.sections";

/** The site info in both spellings the spec lists (site_name ... and siteName ...). */
function siteJson(s: SiteSettings) {
  return {
    site_name: s.siteName,
    site_logo: s.siteLogo,
    seo_subtitle: s.seoSubtitle,
    seo_keywords: s.seoKeywords,
    seo_description: s.seoDescription,
    ...s,
  };
}

export const settingsRoutes: RouteDef[] = [
  route("get", "/settings/fees", "guest", async ({ services, res }) => {
    const fees = await services.settings.getFees();
    publicCache(res);
    return fees;
  }),
  route("post", "/settings/fees", "admin", async ({ body, services }) =>
    withMessage("费用设置已保存", await services.settings.updateFees(body)),
  ),
  route("get", "/settings/contact", "guest", async ({ services, res }) => {
    const contact = await services.settings.getContact();
    publicCache(res);
    return contact;
  }),
  route("post", "/settings/contact", "admin", async ({ body, services }) =>
    withMessage("联系信息已保存", await services.settings.updateContact(body)),
  ),
  route("get", "/settings/site", "guest", async ({ services, res }) => {
    const site = await services.settings.getSite();
    publicCache(res);
    return siteJson(site);
  }),
  route("post", "/settings/site", "admin", async ({ body, services }) =>
    withMessage("站点设置已保存", siteJson(await services.settings.updateSite(body))),
  ),
  route("post", "/settings/site/logo", "admin", async ({ req, services }) => {
    const image = await receiveImage(req, { field: "logo" });
    return withMessage("上传成功", await services.settings.setLogo(image.data, image.format));
  }),
  route("get", "/settings/footer", "guest", async ({ services, res }) => {
    const footer = await services.settings.getFooter();
    publicCache(res);
    return footer;
  }),
  route("post", "/settings/footer", "admin", async ({ body, services }) =>
    withMessage("页脚信息已保存", await services.settings.updateFooter(body)),
  ),
  route("get", "/settings/legal", "guest", async ({ services, res }) => {
    const legal = await services.settings.getLegal();
    publicCache(res);
    return legal;
  }),
  route("post", "/settings/legal", "admin", async ({ body, services }) =>
    withMessage("协议与隐私政策已保存", await services.settings.updateLegal(body)),
  ),
];
