import { defineDomain, type SharedDeps } from "../module";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import { siteLogosAmong } from "@gryx/store";
import { SettingsResolver } from "./settings.resolver";
import { settingsRoutes } from "./settings.rest";
import { SettingsService } from "./settings.service";
import { SETTINGS_ERRORS } from "./settings.errors";

declare module "../content-versions/content-kinds" {
  interface ContentKinds {
    settings: true;
  }
}

export const settingsDomain = defineDomain({
  name: "settings",
  errors: { settings: SETTINGS_ERRORS },
  permission: "settings",
  resolvers: [SettingsResolver],
  routes: settingsRoutes,
  contentKinds: ["settings"],
  // The site logo is the one stored file: a URL inside the "site" document.
  storedFiles: (db, files) => siteLogosAmong(db, files),
  services: ({
    db,
    storage,
    contentVersions,
  }: SharedDeps & { storage: StorageService; contentVersions: ContentVersionsService }) => ({
    settings: new SettingsService(db, storage, contentVersions),
  }),
});
