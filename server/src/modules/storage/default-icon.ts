import { drawIcon, PALETTES } from "../../common/icon-art";
import type { StorageService } from "./storage.service";

/** The spec's fallback image, `/uploads/default-app-icon.png`, drawn once into the store. */
export const DEFAULT_ICON_FILE = "default-app-icon.png";

export async function ensureDefaultIcon(storage: StorageService): Promise<void> {
  const key = `uploads/${DEFAULT_ICON_FILE}`;
  if (await storage.store.head(key)) return;
  const grey = PALETTES[PALETTES.length - 1];
  await storage.store.put(key, drawIcon("grid", grey, 180), { contentType: "image/png", immutable: true });
}
