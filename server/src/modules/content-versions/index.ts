import { defineDomain, type SharedDeps } from "../module";
import { ContentVersionsResolver } from "./content-versions.resolver";
import { contentVersionsRoutes } from "./content-versions.rest";
import { ContentVersionsService } from "./content-versions.service";

/** A version counter per kind of public content (the kinds every domain declares). Table: the ContentVersions migration. */
export const contentVersionsDomain = defineDomain({
  name: "content-versions",
  resolvers: [ContentVersionsResolver],
  routes: contentVersionsRoutes,
  services: ({ db, contentKinds }: SharedDeps) => ({ contentVersions: new ContentVersionsService(db, contentKinds) }),
});
