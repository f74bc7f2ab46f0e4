import { copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { buildPlist } from "@gryx/apple/plist";
import { ZipWriter } from "@gryx/apple/zip/writer";
import { drawIcon, PALETTES, type Glyph } from "../../common/icon-art";
import type { StorageService } from "../../modules/storage/storage.service";
import { DEMO_DIR } from "./demo-assets";

/**
 * The packages behind the demo catalogue (`npm start`): every seeded app and resource share gets a small real IPA
 * and every seeded dylib a real Mach-O dylib, so whatever a new user buys can be signed, installed or downloaded.
 *
 * The machine code is committed (demo/gen-binaries.sh: one arm64 executable with room for an injected load command,
 * sixteen plugin dylibs), so no compiler is needed at run time; each IPA is assembled here from that executable, its
 * own Info.plist (name, bundle id, versions) and its own icon (common/icon-art), and stored once in private storage
 * by the once-only demo seed (the data directory keeps it: a restart builds nothing). About 20 KB and a few
 * milliseconds per IPA; icons are drawn once per glyph and palette, at one size.
 */
const DEMO_BINARIES = path.join(DEMO_DIR, "binaries");
const DEMO_PLUGIN_COUNT = 16;

export interface DemoIpaSpec {
  name: string;
  /** CFBundleExecutable: ASCII letters and digits. */
  executable: string;
  bundleId: string;
  version: string;
  build: string;
  minOs: string;
  glyph: Glyph;
  palette: number;
}

const MTIME = new Date("2026-11-24T00:00:00Z");

export class DemoPackager {
  private executable: Promise<Buffer> | null = null;
  private readonly icons = new Map<string, Buffer>();
  /** Every private key written, so a failed or skipped seed removes them. */
  readonly written: string[] = [];

  constructor(private readonly storage: StorageService) {}

  private icon(glyph: Glyph, palette: number, size: number): Buffer {
    const key = `${glyph}:${palette}:${size}`;
    let png = this.icons.get(key);
    if (!png) {
      png = drawIcon(glyph, PALETTES[palette % PALETTES.length], size);
      this.icons.set(key, png);
    }
    return png;
  }

  /** A small signable IPA for `spec` in private storage (`ipas/…`); its key and size in bytes. */
  async ipa(spec: DemoIpaSpec): Promise<{ key: string; size: number }> {
    if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(spec.executable))
      throw new Error(`demo package: bad executable name ${spec.executable}`);
    this.executable ??= readFile(path.join(DEMO_BINARIES, "app"));
    const exe = await this.executable;
    const tmp = this.storage.tmpPath("ipa");
    const zip = await ZipWriter.create(tmp);
    let size: number;
    try {
      const base = `Payload/${spec.executable}.app/`;
      const file = (name: string, data: Buffer | string, mode = 0o644) =>
        zip.addBuffer(base + name, Buffer.isBuffer(data) ? data : Buffer.from(data, "utf8"), {
          level: 6,
          mtime: MTIME,
          mode,
        });
      await zip.addDirectory("Payload/", { mtime: MTIME });
      await zip.addDirectory(base, { mtime: MTIME });
      await file("Info.plist", buildPlist(infoPlist(spec)));
      await file(spec.executable, exe, 0o755);
      await file("PkgInfo", "APPL????");
      // One size (@2x, 120 px) keeps the first start quick: iOS scales it on @3x screens.
      await file("AppIcon60x60@2x.png", this.icon(spec.glyph, spec.palette, 120));
      size = await zip.close();
    } catch (e) {
      await zip.abort().catch(() => undefined);
      await this.storage.removeTmp(tmp);
      throw e;
    }
    const key = await this.storage.adoptPrivate("ipas", tmp, "ipa");
    this.written.push(key);
    return { key, size };
  }

  /** The n-th committed demo plugin (1-based, wrapping) in private storage (`dylibs/….dylib`); its key and size. */
  async dylib(n: number): Promise<{ key: string; size: number }> {
    const src = path.join(DEMO_BINARIES, `plugin-${((n - 1) % DEMO_PLUGIN_COUNT) + 1}.dylib`);
    const tmp = this.storage.tmpPath("dylib");
    await copyFile(src, tmp);
    const size = (await readFile(tmp)).length;
    const key = await this.storage.adoptPrivate("dylibs", tmp, "dylib");
    this.written.push(key);
    return { key, size };
  }
}

function infoPlist(s: DemoIpaSpec) {
  return {
    CFBundleDevelopmentRegion: "zh_CN",
    CFBundleDisplayName: s.name,
    CFBundleExecutable: s.executable,
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ["AppIcon60x60"], CFBundleIconName: "AppIcon" } },
    CFBundleIdentifier: s.bundleId,
    CFBundleInfoDictionaryVersion: "6.0",
    CFBundleName: s.executable,
    CFBundlePackageType: "APPL",
    CFBundleShortVersionString: s.version,
    CFBundleSupportedPlatforms: ["iPhoneOS"],
    CFBundleVersion: s.build,
    LSRequiresIPhoneOS: true,
    MinimumOSVersion: s.minOs,
    UIDeviceFamily: [1],
    UILaunchScreen: {},
    UIRequiredDeviceCapabilities: ["arm64"],
    UISupportedInterfaceOrientations: ["UIInterfaceOrientationPortrait"],
  };
}

/** "xinghe", "runner" → "XingheRunner" (an executable name from slugs). */
export function executableName(...slugs: string[]): string {
  return (
    slugs
      .map((s) => s.replace(/[^A-Za-z0-9]/g, ""))
      .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
      .join("") || "DemoApp"
  );
}
