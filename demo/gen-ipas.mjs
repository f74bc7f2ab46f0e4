#!/usr/bin/env node
/**
 * The demo catalogue's real, small IPAs (the default run gives these apps to the catalogue so a new user can sign
 * one with the demo certificate). The outputs are committed (demo/ipas/), so a fresh machine needs no compiler;
 * run this only to change them:
 *
 *   npm run build && node demo/gen-ipas.mjs
 *
 * Needs Debian's clang and lld (a tiny arm64 iOS executable, no SDK: -nostdlib, entry _main, ad-hoc signed by
 * lld), the built @gryx/apple (plist writer, zip writer) and the built server (icon artwork, server/src/common/
 * icon-art.ts). Output is deterministic for a given compiler: fixed file times, no random bytes.
 *
 * Outputs (demo/ipas/):
 *   <slug>.ipa   Payload/<Name>.app with Info.plist (bundle id, display name, versions, executable, CFBundleIcons),
 *                AppIcon60x60@2x/@3x.png, en/zh-Hans InfoPlist.strings; 果仁笔记 also ships
 *                Frameworks/GuorenKit.framework (linked by the app), 果仁相机 a share extension
 *                (PlugIns/ShareExtension.appex)
 *   apps.json    the catalogue rows the seed makes of them (name, bundle id, versions, description, ...)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const OUT = path.join(HERE, "ipas");
const SRC = path.join(HERE, "ipa-src");

const need = (file, hint) => {
  if (!fs.existsSync(file)) {
    console.error(`gen-ipas: ${path.relative(ROOT, file)} is missing: ${hint}`);
    process.exit(1);
  }
};
need(path.join(ROOT, "packages/apple/dist/plist.js"), "run npm run build first");
need(path.join(ROOT, "server/dist/common/icon-art.js"), "run npm run build first");
for (const tool of ["clang", "ld.lld"]) {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
  } catch {
    console.error(`gen-ipas: ${tool} is required (apt-get install clang lld)`);
    process.exit(1);
  }
}

const { buildPlist } = await import(path.join(ROOT, "packages/apple/dist/plist.js"));
const { ZipWriter } = await import(path.join(ROOT, "packages/apple/dist/zip/writer.js"));
const { drawIcon, PALETTES } = await import(path.join(ROOT, "server/dist/common/icon-art.js"));

/** Every app's facts; `extra` adds a framework or an app extension. */
const APPS = [
  {
    slug: "weather",
    name: "果仁天气",
    executable: "GuorenWeather",
    bundleId: "com.gryx.demo.weather",
    version: "1.2.0",
    build: "12",
    glyph: "cloud",
    palette: 0,
    seed: 11,
    minOs: "14.0",
    keywords: "天气 预报 演示",
    description: "演示应用：分钟级降水与一周天气趋势。随仓库附带的真实小型 IPA，可直接用演示证书在线签名并安装。",
  },
  {
    slug: "notes",
    name: "果仁笔记",
    executable: "GuorenNotes",
    bundleId: "com.gryx.demo.notes",
    version: "2.0.1",
    build: "201",
    glyph: "book",
    palette: 3,
    seed: 23,
    minOs: "14.0",
    keywords: "笔记 记事 演示",
    extra: "framework",
    description: "演示应用：随手记录与分类整理，内置 GuorenKit 框架。随仓库附带的真实小型 IPA，可直接在线签名。",
  },
  {
    slug: "camera",
    name: "果仁相机",
    executable: "GuorenCamera",
    bundleId: "com.gryx.demo.camera",
    version: "1.0.0",
    build: "1",
    glyph: "camera",
    palette: 4,
    seed: 37,
    minOs: "15.0",
    keywords: "相机 拍照 演示",
    extra: "appex",
    description: "演示应用：简洁的拍照与分享扩展（含一个 App Extension）。随仓库附带的真实小型 IPA，可直接在线签名。",
  },
  {
    slug: "music",
    name: "果仁音乐",
    executable: "GuorenMusic",
    bundleId: "com.gryx.demo.music",
    version: "3.1.0",
    build: "310",
    glyph: "music",
    palette: 1,
    seed: 41,
    minOs: "14.0",
    keywords: "音乐 播放器 演示",
    description: "演示应用：本地音乐播放与歌单。随仓库附带的真实小型 IPA，可直接用演示证书在线签名并安装。",
  },
];

const MTIME = new Date("2026-11-24T00:00:00Z");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "gryx-demo-ipas-"));
const clang = (args) =>
  execFileSync("clang", ["-O2", "-nostdlib", "-fuse-ld=lld", "-target", "arm64-apple-ios14.0", ...args], {
    stdio: ["ignore", "inherit", "inherit"],
  });

function infoPlist(app) {
  return {
    CFBundleDevelopmentRegion: "zh_CN",
    CFBundleDisplayName: app.name,
    CFBundleExecutable: app.executable,
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ["AppIcon60x60"], CFBundleIconName: "AppIcon" } },
    CFBundleIdentifier: app.bundleId,
    CFBundleInfoDictionaryVersion: "6.0",
    CFBundleName: app.executable,
    CFBundlePackageType: "APPL",
    CFBundleShortVersionString: app.version,
    CFBundleSupportedPlatforms: ["iPhoneOS"],
    CFBundleVersion: app.build,
    LSRequiresIPhoneOS: true,
    MinimumOSVersion: app.minOs,
    UIDeviceFamily: [1],
    UILaunchScreen: {},
    UIRequiredDeviceCapabilities: ["arm64"],
    UISupportedInterfaceOrientations: ["UIInterfaceOrientationPortrait"],
  };
}

async function build(app) {
  const dir = path.join(work, app.slug);
  fs.mkdirSync(dir);
  const exe = path.join(dir, app.executable);
  const kit = path.join(dir, "GuorenKit");
  const appex = path.join(dir, "ShareExtension");
  if (app.extra === "framework") {
    clang([
      "-dynamiclib",
      "-Wl,-install_name,@rpath/GuorenKit.framework/GuorenKit",
      "-Wl,-adhoc_codesign",
      "-o",
      kit,
      path.join(SRC, "kit.c"),
    ]);
    // The app imports GuorenKitVersion lazily; lld wants dyld's stub binder, which libSystem would provide on a device.
    clang([
      "-Wl,-e,_main",
      `-DAPP_SEED=${app.seed}`,
      "-DWITH_KIT",
      "-Wl,-adhoc_codesign",
      "-Wl,-U,dyld_stub_binder",
      "-Wl,-rpath,@executable_path/Frameworks",
      "-o",
      exe,
      path.join(SRC, "app.c"),
      kit,
    ]);
  } else {
    clang(["-Wl,-e,_main", `-DAPP_SEED=${app.seed}`, "-Wl,-adhoc_codesign", "-o", exe, path.join(SRC, "app.c")]);
  }
  if (app.extra === "appex")
    clang(["-Wl,-e,_main", `-DAPP_SEED=${app.seed + 1}`, "-Wl,-adhoc_codesign", "-o", appex, path.join(SRC, "app.c")]);

  const out = path.join(OUT, `${app.slug}.ipa`);
  const zip = await ZipWriter.create(out);
  const base = `Payload/${app.executable}.app/`;
  const file = (name, data, mode = 0o644) =>
    zip.addBuffer(base + name, Buffer.isBuffer(data) ? data : Buffer.from(data, "utf8"), {
      level: 9,
      mtime: MTIME,
      mode,
    });
  const mkdir = (name) => zip.addDirectory(name, { mtime: MTIME });
  await mkdir("Payload/");
  await mkdir(base);
  await file("Info.plist", buildPlist(infoPlist(app)));
  await file(app.executable, fs.readFileSync(exe), 0o755);
  await file("PkgInfo", "APPL????");
  const palette = PALETTES[app.palette % PALETTES.length];
  await file("AppIcon60x60@2x.png", drawIcon(app.glyph, palette, 120));
  await file("AppIcon60x60@3x.png", drawIcon(app.glyph, palette, 180));
  await mkdir(`${base}en.lproj/`);
  await file("en.lproj/InfoPlist.strings", `"CFBundleDisplayName" = "${app.executable}";\n`);
  await mkdir(`${base}zh-Hans.lproj/`);
  await file("zh-Hans.lproj/InfoPlist.strings", `"CFBundleDisplayName" = "${app.name}";\n`);
  if (app.extra === "framework") {
    const fw = "Frameworks/GuorenKit.framework/";
    await mkdir(`${base}Frameworks/`);
    await mkdir(base + fw);
    await file(`${fw}GuorenKit`, fs.readFileSync(kit), 0o755);
    await file(
      `${fw}Info.plist`,
      buildPlist({
        CFBundleExecutable: "GuorenKit",
        CFBundleIdentifier: "com.gryx.demo.GuorenKit",
        CFBundleInfoDictionaryVersion: "6.0",
        CFBundleName: "GuorenKit",
        CFBundlePackageType: "FMWK",
        CFBundleShortVersionString: "3.0",
        CFBundleSupportedPlatforms: ["iPhoneOS"],
        CFBundleVersion: "3",
        MinimumOSVersion: app.minOs,
      }),
    );
  }
  if (app.extra === "appex") {
    const ex = "PlugIns/ShareExtension.appex/";
    await mkdir(`${base}PlugIns/`);
    await mkdir(base + ex);
    await file(`${ex}ShareExtension`, fs.readFileSync(appex), 0o755);
    await file(
      `${ex}Info.plist`,
      buildPlist({
        CFBundleDisplayName: `${app.name}分享`,
        CFBundleExecutable: "ShareExtension",
        CFBundleIdentifier: `${app.bundleId}.share`,
        CFBundleInfoDictionaryVersion: "6.0",
        CFBundleName: "ShareExtension",
        CFBundlePackageType: "XPC!",
        CFBundleShortVersionString: app.version,
        CFBundleSupportedPlatforms: ["iPhoneOS"],
        CFBundleVersion: app.build,
        MinimumOSVersion: app.minOs,
        NSExtension: {
          NSExtensionAttributes: { NSExtensionActivationRule: "TRUEPREDICATE" },
          NSExtensionPointIdentifier: "com.apple.share-services",
          NSExtensionPrincipalClass: "ShareViewController",
        },
      }),
    );
  }
  const size = await zip.close();
  return { file: `${app.slug}.ipa`, size };
}

fs.mkdirSync(OUT, { recursive: true });
const manifest = [];
try {
  for (const app of APPS) {
    const { file, size } = await build(app);
    if (size > 200 * 1024) throw new Error(`${file} is ${size} bytes: keep demo IPAs under 200 KB`);
    const { slug, glyph, palette, seed, extra, executable, ...row } = app;
    manifest.push({ file, ...row, price: 0 });
    console.log(`${file}  ${(size / 1024).toFixed(1)} KB`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
fs.writeFileSync(path.join(OUT, "apps.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`demo IPAs generated in ${path.relative(process.cwd(), OUT) || "."}`);
