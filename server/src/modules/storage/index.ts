import { defineDomain, type SharedDeps } from "../module";
import { StorageService } from "./storage.service";

/** Files on disk (public uploads, private files, staging); asks every domain before removing an unused upload. */
export const storageDomain = defineDomain({
  name: "storage",
  permission: "settings",
  services: ({ config, storedFiles }: SharedDeps) => ({ storage: new StorageService(config.storageDir, storedFiles) }),
});
