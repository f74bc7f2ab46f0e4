import { buildPlist } from "./plist";

/**
 * The manifest of an over-the-air install (`itms-services://?action=download-manifest&url=<manifest>`): iOS reads
 * `items[0].assets` (the `software-package` URL of the IPA and the icons shown while installing) and `metadata`
 * (`bundle-identifier` must equal the signed app's, `bundle-version`, `kind` software, `title`). iOS fetches the
 * manifest and the IPA only over HTTPS with a trusted certificate.
 */
export interface InstallManifestInput {
  ipaUrl: string;
  bundleId: string;
  version: string;
  title: string;
  /** A 57×57 (display-image) and 512×512 (full-size-image) icon; one URL serves both. */
  iconUrl?: string;
}

export function buildInstallManifest(m: InstallManifestInput): string {
  const assets: Record<string, string>[] = [{ kind: "software-package", url: m.ipaUrl }];
  if (m.iconUrl) {
    assets.push({ kind: "display-image", url: m.iconUrl }, { kind: "full-size-image", url: m.iconUrl });
  }
  return buildPlist({
    items: [
      {
        assets,
        metadata: { "bundle-identifier": m.bundleId, "bundle-version": m.version, kind: "software", title: m.title },
      },
    ],
  });
}

/** The link that starts an OTA install of the manifest at `manifestUrl`. */
export function itmsServicesUrl(manifestUrl: string): string {
  return `itms-services://?action=download-manifest&url=${encodeURIComponent(manifestUrl)}`;
}
