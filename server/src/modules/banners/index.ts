import { defineDomain, type SharedDeps } from "../module";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { fileColumns } from "../storage/file-references";
import { BannersResolver } from "./banners.resolver";
import { bannersRoutes } from "./banners.rest";
import { BannersService } from "./banners.service";
import { BANNERS_ERRORS } from "./banners.errors";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    banners: true;
  }
}

export const bannersDomain = defineDomain({
  name: "banners",
  errors: { banners: BANNERS_ERRORS },
  permission: "catalogue",
  resolvers: [BannersResolver],
  routes: bannersRoutes,
  contentKinds: ["banners"],
  storedFiles: fileColumns({ banners: ["image_url"] }),
  services: ({
    db,
    storage,
    contentVersions,
  }: SharedDeps & { storage: StorageService; contentVersions: ContentVersionsService }) => ({
    banners: new BannersService(db, storage, contentVersions),
  }),
});
