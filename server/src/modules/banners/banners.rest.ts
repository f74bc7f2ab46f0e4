import { publicCache, route, withMessage, type RouteDef } from "../../rest/router";
import { receiveImage } from "../../rest/upload";
import type { Banner, BannerInput } from "./banners.service";

/** The spec's REST shape of a banner (snake_case). */
function bannerJson(b: Banner) {
  return {
    id: b.id,
    image_url: b.imageUrl,
    alt_text: b.altText,
    title: b.title,
    link_url: b.linkUrl,
    is_active: b.isActive,
    sort_order: b.sortOrder,
    created_at: b.createdAt,
    updated_at: b.updatedAt,
  };
}

/** Accepts the spec's snake_case fields (camelCase too); only fields present are passed on. */
function bannerInput(body: Record<string, unknown>): BannerInput {
  const pick = (snake: string, camel: string) => (snake in body ? body[snake] : body[camel]);
  return {
    imageUrl: pick("image_url", "imageUrl"),
    altText: pick("alt_text", "altText"),
    title: body.title,
    linkUrl: pick("link_url", "linkUrl"),
    isActive: pick("is_active", "isActive"),
    sortOrder: pick("sort_order", "sortOrder"),
  };
}

export const bannersRoutes: RouteDef[] = [
  route("get", "/banners/public", "guest", async ({ services, res }) => {
    const rows = await services.banners.listPublic();
    publicCache(res);
    return rows.map(bannerJson);
  }),
  route("get", "/banners", "admin", async ({ services }) => (await services.banners.listAdmin()).map(bannerJson)),
  route("post", "/banners/upload", "admin", async ({ req, services }) => {
    const image = await receiveImage(req, { field: "image" });
    return withMessage("上传成功", { url: await services.banners.saveImage(image.data, image.format) });
  }),
  route("post", "/banners/reorder", "admin", async ({ body, services }) =>
    (await services.banners.reorder(body.ids)).map(bannerJson),
  ),
  route("post", "/banners", "admin", async ({ body, services }) =>
    withMessage("创建成功", bannerJson(await services.banners.create(bannerInput(body)))),
  ),
  route("get", "/banners/:id", "admin", async ({ params, services }) =>
    bannerJson(await services.banners.get(params.id)),
  ),
  route("put", "/banners/:id", "admin", async ({ params, body, services }) =>
    withMessage("更新成功", bannerJson(await services.banners.update(params.id, bannerInput(body)))),
  ),
  route("patch", "/banners/:id/status", "admin", async ({ params, body, services }) =>
    withMessage("状态已更新", bannerJson(await services.banners.setActive(params.id, body.is_active ?? body.isActive))),
  ),
  route("delete", "/banners/:id", "admin", async ({ params, services }) => {
    await services.banners.remove(params.id);
    return withMessage("删除成功");
  }),
];
