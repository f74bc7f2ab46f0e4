import { defineDomain, type SharedDeps } from "../module";
import { CatalogKind } from "../catalog/catalog.types";
import type { AppsService } from "../apps/apps.service";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { fileColumns } from "../storage/file-references";
import { ResourceSharesResolver } from "./resource-shares.resolver";
import { resourceSharesRoutes } from "./resource-shares.rest";
import { RESOURCE_NOT_FOUND, ResourceSharesService } from "./resource-shares.service";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    resourceShares: true;
  }
}
declare module "../purchases/purchase-kinds" {
  interface PurchaseKinds {
    "resource-share": true;
  }
}

type Deps = SharedDeps & { storage: StorageService; contentVersions: ContentVersionsService; apps: AppsService };

export const resourceSharesDomain = defineDomain({
  name: "resource-shares",
  permission: "catalogue",
  resolvers: [ResourceSharesResolver],
  routes: resourceSharesRoutes,
  contentKinds: ["resourceShares"],
  storedFiles: fileColumns({ resource_shares: ["icon_path", "file_key"] }),
  purchasable: {
    kind: "resource-share",
    catalogKind: CatalogKind.RESOURCE_SHARE,
    notFound: RESOURCE_NOT_FOUND,
    source: (s) => s.resourceShares,
  },
  // The apps service reads and stages IPAs for resource shares too.
  services: ({ db, storage, contentVersions, apps }: Deps) => ({
    resourceShares: new ResourceSharesService(db, storage, contentVersions, apps),
  }),
});
