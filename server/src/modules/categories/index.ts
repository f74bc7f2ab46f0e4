import { defineDomain, type SharedDeps } from "../module";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { CategoriesResolver } from "./categories.resolver";
import { categoriesRoutes } from "./categories.rest";
import { CategoriesService } from "./categories.service";
import { CATEGORIES_ERRORS } from "./categories.errors";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    categories: true;
  }
}

export const categoriesDomain = defineDomain({
  name: "categories",
  errors: { categories: CATEGORIES_ERRORS },
  permission: "catalogue",
  resolvers: [CategoriesResolver],
  routes: categoriesRoutes,
  contentKinds: ["categories"],
  services: ({ db, contentVersions }: SharedDeps & { contentVersions: ContentVersionsService }) => ({
    categories: new CategoriesService(db, contentVersions),
  }),
});
