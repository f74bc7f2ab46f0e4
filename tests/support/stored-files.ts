import path from "node:path";

/**
 * Stored files of a server on the local backend (the default run), for tests that look at or plant them: the
 * object `private/<key>` is the file `<STORAGE_DIR>/private/<key>`, `uploads/...` is `<STORAGE_DIR>/uploads/...`.
 */
type WithConfig = { config: { storageDir: string } };
export const privateFile = (services: WithConfig, key: string) => path.join(services.config.storageDir, "private", key);
export const privateDir = (services: WithConfig) => path.join(services.config.storageDir, "private");
export const uploadsDir = (services: WithConfig) => path.join(services.config.storageDir, "uploads");
