import { createObjectStore } from "@gryx/platform/storage";
import { defineDomain, type SharedDeps } from "../module";
import { StorageService } from "./storage.service";
import { StorageMigrations1765200000000 } from "./1765200000000-StorageMigrations";
import { StorageAdminService } from "./storage-admin.service";
import { StorageResolver } from "./storage.resolver";
import { STORAGE_ERRORS, UPLOAD_ERRORS } from "./storage.errors";

/** Stored files (public uploads, private files) in the object store; asks every domain before removing an unused upload. */
export const storageDomain = defineDomain({
  name: "storage",
  errors: { storage: STORAGE_ERRORS, upload: UPLOAD_ERRORS },
  permission: "settings",
  resolvers: [StorageResolver],
  migrations: [StorageMigrations1765200000000],
  services: ({ config, storedFiles, db, jobs, events }: SharedDeps) => {
    const storage = new StorageService(
      createObjectStore(config.storage),
      config.storage.dir,
      storedFiles,
      config.storage.downloads,
    );
    return { storage, storageAdmin: new StorageAdminService(config.storage, storage, db, jobs, events) };
  },
});
