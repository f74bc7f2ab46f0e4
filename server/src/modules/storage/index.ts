import { createObjectStore, SwitchingObjectStore } from "@gryx/platform/storage";
import { SEALING } from "@gryx/store";
import { defineDomain, type SharedDeps } from "../module";
import { StorageService } from "./storage.service";
import { StorageMigrations1765200000000 } from "./1765200000000-StorageMigrations";
import { StorageSettings1765200100000 } from "./1765200100000-StorageSettings";
import { StorageAdminService } from "./storage-admin.service";
import { StorageResolver } from "./storage.resolver";
import { STORAGE_ERRORS, UPLOAD_ERRORS } from "./storage.errors";

/** Stored files (public uploads, private files) in the object store; asks every domain before removing an unused upload. */
export const storageDomain = defineDomain({
  name: "storage",
  errors: { storage: STORAGE_ERRORS, upload: UPLOAD_ERRORS },
  permission: "settings",
  resolvers: [StorageResolver],
  migrations: [StorageMigrations1765200000000, StorageSettings1765200100000],
  sealed: [
    {
      table: "storage_settings",
      columns: { secret_access_key_sealed: SEALING.storageSecretKey },
      keyIdColumn: "secrets_key_id",
    },
  ],
  services: ({ config, storedFiles, db, jobs, events }: SharedDeps) => {
    const store = new SwitchingObjectStore(createObjectStore(config.storage));
    const storage = new StorageService(store, config.storage.dir, storedFiles, config.storage.downloads);
    return {
      storage,
      storageAdmin: new StorageAdminService(config.storage, store, storage, db, jobs, events, config.secrets),
    };
  },
});
