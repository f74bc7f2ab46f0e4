import fs from "node:fs";
import path from "node:path";
import { drawIcon, PALETTES } from "../../common/icon-art";
import type { StorageService } from "./storage.service";

/** The spec's fallback image, `/uploads/default-app-icon.png`, drawn once into the uploads directory. */
export const DEFAULT_ICON_FILE = "default-app-icon.png";

export function ensureDefaultIcon(storage: StorageService): void {
  const file = path.join(storage.uploadsDir, DEFAULT_ICON_FILE);
  if (fs.existsSync(file)) return;
  const grey = PALETTES[PALETTES.length - 1];
  fs.writeFileSync(file + ".part", drawIcon("grid", grey, 180));
  fs.renameSync(file + ".part", file);
}
