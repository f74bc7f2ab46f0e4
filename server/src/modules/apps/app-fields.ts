/** The columns of an app an admin's create or update sets, as the apps service checks them (camelCase). */
export interface AppChanges {
  name?: string;
  iconPath?: string;
  version?: string;
  /** Bytes, as a string (a bigint column). */
  size?: string;
  description?: string;
  keywords?: string;
  categoryId?: number | null;
  /** Fen. */
  price?: number;
  bundleId?: string;
  isActive?: boolean;
  sortOrder?: number;
  /** Private storage key of the IPA (`ipas/<hex>.ipa`). */
  ipaKey?: string | null;
  developer?: string;
  /** When the current version came (the version or the IPA last changed). */
  versionDate?: Date;
  minOsVersion?: string | null;
}

const COLUMNS: Record<keyof AppChanges, string> = {
  name: "name",
  iconPath: "icon_path",
  version: "version",
  size: "size",
  description: "description",
  keywords: "keywords",
  categoryId: "category_id",
  price: "price",
  bundleId: "bundle_id",
  isActive: "is_active",
  sortOrder: "sort_order",
  ipaKey: "ipa_key",
  developer: "developer",
  versionDate: "version_date",
  minOsVersion: "min_os_version",
};

/** The changes as the apps owner's columns (what insertApp and updateApp take). */
export function appColumnsOf(c: AppChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (v !== undefined) out[COLUMNS[k as keyof AppChanges]] = v;
  return out;
}
