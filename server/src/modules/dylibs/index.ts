import { defineDomain, type SharedDeps } from "../module";
import { CatalogKind } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { fileColumns } from "../storage/file-references";
import { DylibsResolver } from "./dylibs.resolver";
import { dylibsRoutes } from "./dylibs.rest";
import { DYLIB_NOT_FOUND, DylibsService } from "./dylibs.service";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    dylibs: true;
  }
}
declare module "../purchases/purchase-kinds" {
  interface PurchaseKinds {
    dylib: true;
  }
}

export const dylibsDomain = defineDomain({
  name: "dylibs",
  permission: "catalogue",
  resolvers: [DylibsResolver],
  routes: dylibsRoutes,
  contentKinds: ["dylibs"],
  storedFiles: fileColumns({ dylibs: ["icon_path", "file_key"] }),
  purchasable: { kind: "dylib", catalogKind: CatalogKind.DYLIB, notFound: DYLIB_NOT_FOUND, source: (s) => s.dylibs },
  services: ({
    db,
    storage,
    contentVersions,
  }: SharedDeps & { storage: StorageService; contentVersions: ContentVersionsService }) => ({
    dylibs: new DylibsService(db, storage, contentVersions),
  }),
});
