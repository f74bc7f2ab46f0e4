import { defineDomain, type SharedDeps } from "../module";
import type { AppsService } from "../apps/apps.service";
import type { CategoriesService } from "../categories/categories.service";
import type { CatalogSource } from "./catalog.service";
import { CatalogResolver } from "./catalog.resolver";
import { CatalogService } from "./catalog.service";
import { CATALOG_ERRORS } from "./catalog.errors";
import { CatalogueBigrams1765200000000 } from "./1765200000000-CatalogueBigrams";
import { CatalogueSearchWalk1765400000000 } from "./1765400000000-CatalogueSearchWalk";

type Deps = SharedDeps & {
  categories: CategoriesService;
  apps: AppsService;
  dylibs: CatalogSource;
  resourceShares: CatalogSource;
};

/** The home grid: apps by category, and the dylib and resource-share pseudo-categories (its REST list is /api/apps). */
export const catalogDomain = defineDomain({
  name: "catalog",
  errors: { catalog: CATALOG_ERRORS },
  permission: "catalogue",
  resolvers: [CatalogResolver],
  migrations: [CatalogueBigrams1765200000000, CatalogueSearchWalk1765400000000],
  services: ({ db, categories, apps, dylibs, resourceShares }: Deps) => ({
    catalog: new CatalogService(categories, apps, { dylibs, resourceShares }, db),
  }),
});
