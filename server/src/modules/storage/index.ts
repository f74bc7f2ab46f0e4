import { defineDomain, type SharedDeps } from "../module";
import { StorageService } from "./storage.service";
import { STORAGE_ERRORS, UPLOAD_ERRORS } from "./storage.errors";

/** Files on disk (public uploads, private files, staging); asks every domain before removing an unused upload. */
export const storageDomain = defineDomain({
  name: "storage",
  errors: { storage: STORAGE_ERRORS, upload: UPLOAD_ERRORS },
  permission: "settings",
  services: ({ config, storedFiles }: SharedDeps) => ({ storage: new StorageService(config.storageDir, storedFiles) }),
});
