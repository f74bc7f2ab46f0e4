import { pageJson, privateCache, publicCache, route, type RouteDef } from "../../rest/router";
import { receiveFile, receiveImage } from "../../rest/upload";
import type { CatalogItemType } from "../catalog/catalog.types";
import { CatalogKind } from "../catalog/catalog.types";
import { IPA_MAX_BYTES, type AppFields } from "./apps.service";
import type { AppType } from "./apps.types";

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB"];

/** Bytes, KB, MB, GB with 2 decimals; 0 Bytes for none (spec §5). */
function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return unit <= 0 ? `${Math.round(bytes)} Bytes` : `${(bytes / 1024 ** unit).toFixed(2)} ${SIZE_UNITS[unit]}`;
}

const unixSeconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

/** A home-grid card in the spec's `/api/apps` list shape. */
function catalogItemJson(i: CatalogItemType) {
  return {
    id: i.kind === CatalogKind.APP ? Number(i.id) : i.id,
    name: i.name,
    image: i.icon,
    nickname: i.version,
    size: i.size,
    sizeFormatted: formatSize(i.size),
    description: i.description,
    keywords: i.keywords ?? i.tags.join(","),
    type:
      i.kind === CatalogKind.DYLIB
        ? "dylib"
        : i.kind === CatalogKind.RESOURCE_SHARE
          ? "resource-share"
          : (i.category ?? ""),
    resource_fee: i.price,
    price: i.price,
    isFree: i.isFree,
    bundleId: i.bundleId ?? "",
    author: i.author,
    category: i.category,
    tags: i.tags,
    updatetime: unixSeconds(i.updatedAt),
  };
}

/** One app with every field, for the detail and the admin. */
function appJson(a: AppType) {
  return {
    id: a.id,
    name: a.name,
    image: a.icon,
    icon: a.icon,
    nickname: a.version,
    version: a.version,
    size: a.size,
    sizeFormatted: formatSize(a.size),
    description: a.description,
    keywords: a.keywords,
    category_id: a.categoryId,
    type: a.categoryName ?? "",
    resource_fee: a.price,
    price: a.price,
    bundleId: a.bundleId,
    developer: a.developer,
    is_active: a.isActive,
    sort_order: a.sortOrder,
    has_ipa: a.hasIpa,
    /** Something to deliver: without it the app is not sold (CATALOG_ITEM_NO_PACKAGE). */
    has_package: a.hasIpa,
    download_count: a.downloadCount,
    download_bytes: a.downloadBytes,
    min_os_version: a.minOsVersion,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
    updatetime: unixSeconds(a.updatedAt),
  };
}

/** A create/update body: the spec's snake_case names, with the camelCase ones accepted too. */
function fieldsOf(b: Record<string, unknown>): AppFields {
  return {
    name: b.name,
    version: b.version ?? b.nickname,
    description: b.description,
    keywords: b.keywords,
    // null or "" = no category; a missing field keeps the current one.
    categoryId: "category_id" in b ? (b.category_id ?? "") : b.categoryId,
    price: b.price ?? b.resource_fee,
    bundleId: b.bundleId ?? b.bundle_id,
    developer: b.developer,
    iconUrl: b.image ?? b.icon ?? b.iconUrl,
    ipaUploadId: b.uploadId ?? b.ipaUploadId,
    size: b.size,
    minOsVersion: b.min_os_version ?? b.minOsVersion,
    isActive: b.is_active ?? b.isActive,
  };
}

export const appsRoutes: RouteDef[] = [
  route("get", "/apps", "guest", async ({ query, services, res }) => {
    const page = await services.catalog.page({
      categoryName: query.category_id,
      price: query.price,
      search: query.search,
      page: query.page,
      pageSize: query.limit ?? query.pageSize,
    });
    publicCache(res);
    return pageJson("apps", page, catalogItemJson);
  }),
  route("post", "/apps/upload", "admin", async ({ req, services }) =>
    services.apps.saveIcon(await receiveImage(req, { field: "icon" })),
  ),
  route("post", "/apps/upload-ipa", "admin", async ({ req, services }) =>
    services.apps.stageIpa(await receiveFile(req, services.storage, { field: "ipa", maxBytes: IPA_MAX_BYTES })),
  ),
  route("post", "/apps/reorder", "admin", async ({ body, services }) =>
    (await services.apps.reorder(body.ids)).map(appJson),
  ),
  route("post", "/apps/batch-delete", "admin", async ({ body, services }) => ({
    deleted: await services.apps.deleteMany(body.ids),
  })),
  route("post", "/apps", "admin", async ({ body, services }) => appJson(await services.apps.create(fieldsOf(body)))),
  route("get", "/apps/:id", "guest", async ({ params, auth, services, res }) => {
    const admin = auth?.user.role === "admin";
    const app = await services.apps.detail(params.id, admin);
    if (admin) privateCache(res);
    else publicCache(res);
    return appJson(app);
  }),
  route("put", "/apps/:id", "admin", async ({ params, body, services }) =>
    appJson(await services.apps.update(params.id, fieldsOf(body))),
  ),
  route("patch", "/apps/:id/status", "admin", async ({ params, body, services }) =>
    appJson(await services.apps.setActive(params.id, body.is_active)),
  ),
  route("delete", "/apps/:id", "admin", async ({ params, services }) => ({
    deleted: await services.apps.deleteMany([params.id]),
  })),
];
