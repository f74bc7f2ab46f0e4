import type { FormInstance } from "antd";

/** What POST /api/apps/upload-ipa (and /api/resource-shares/upload-ipa) answers after parsing the IPA. */
export interface StagedIpa {
  uploadId: string;
  bundleId: string;
  version: string;
  name: string;
  size: number;
  iconUrl: string;
  minOsVersion?: string | null;
}

/**
 * Fills a form from a parsed IPA: the name, version, bundle id and icon it carries (name only when the admin
 * has typed none; an icon only when the IPA had one).
 */
export function prefillFromIpa(form: FormInstance, ipa: StagedIpa, fields: { minOsVersion?: boolean } = {}): void {
  const values: Record<string, unknown> = {};
  if (!String(form.getFieldValue("name") ?? "").trim() && ipa.name) values.name = ipa.name.slice(0, 100);
  if (ipa.version) values.version = ipa.version.slice(0, 64);
  if (ipa.bundleId) values.bundleId = ipa.bundleId;
  if (ipa.iconUrl) values.iconUrl = ipa.iconUrl;
  if (fields.minOsVersion && ipa.minOsVersion) values.minOsVersion = ipa.minOsVersion;
  form.setFieldsValue(values);
  void form.validateFields(Object.keys(values)).catch(() => undefined);
}
