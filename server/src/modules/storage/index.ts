import { createObjectStore } from "@gryx/platform/storage";
import { defineDomain, type SharedDeps } from "../module";
import { StorageService } from "./storage.service";
import { StorageAdminService } from "./storage-admin.service";
import { StorageResolver } from "./storage.resolver";
import { STORAGE_ERRORS, UPLOAD_ERRORS } from "./storage.errors";

/** Stored files (public uploads, private files) in the object store; asks every domain before removing an unused upload. */
export const storageDomain = defineDomain({
  name: "storage",
  errors: { storage: STORAGE_ERRORS, upload: UPLOAD_ERRORS },
  permission: "settings",
  resolvers: [StorageResolver],
  services: ({ config, storedFiles }: SharedDeps) => {
    const storage = new StorageService(
      createObjectStore(config.storage),
      config.storage.dir,
      storedFiles,
      config.storage.downloads,
    );
    return { storage, storageAdmin: new StorageAdminService(config.storage, storage) };
  },
});
