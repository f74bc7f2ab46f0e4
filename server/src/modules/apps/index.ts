import { defineDomain, type SharedDeps } from "../module";
import { CatalogKind } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { fileColumns } from "../storage/file-references";
import { AppDeveloper1764800000000 } from "./1764800000000-AppDeveloper";
import { AppsResolver } from "./apps.resolver";
import { appsRoutes } from "./apps.rest";
import { AppsService } from "./apps.service";
import { APPS_ERRORS } from "./apps.errors";
import { APPS_JOBS } from "./apps.jobs";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    apps: true;
  }
}
declare module "../purchases/purchase-kinds" {
  interface PurchaseKinds {
    app: true;
  }
}

export const appsDomain = defineDomain({
  name: "apps",
  errors: { apps: APPS_ERRORS },
  jobs: APPS_JOBS,
  processors: ({ apps }) => ({ "housekeeping.uploads": () => apps.housekeeping() }),
  permission: "catalogue",
  migrations: [AppDeveloper1764800000000],
  resolvers: [AppsResolver],
  routes: appsRoutes,
  contentKinds: ["apps"],
  storedFiles: fileColumns({ apps: ["icon_path", "ipa_key"] }),
  purchasable: { kind: "app", catalogKind: CatalogKind.APP, notFound: "应用不存在", source: (s) => s.apps },
  services: ({
    db,
    storage,
    contentVersions,
  }: SharedDeps & { storage: StorageService; contentVersions: ContentVersionsService }) => ({
    apps: new AppsService(db, storage, contentVersions),
  }),
});
