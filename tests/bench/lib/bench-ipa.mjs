/**
 * Builds benchmark IPAs: a small real app (the fixture fat armv7+arm64 executable, a framework
 * and a few small files) plus N resources of M MiB of incompressible bytes, stored (as images
 * and media are in real IPAs). Shared by `bench:sign` and the signing pipeline's bench.
 *
 *   import { buildBenchIpa, FIXTURE_CREDENTIALS } from "./lib/bench-ipa.mjs";
 *   const { path, size } = await buildBenchIpa(dir, { files: 10, fileMiB: 10 });   // ~100 MB
 *
 * Needs packages/apple/dist (`npm run build -w packages/apple`, or any workspace build that
 * references it) and clang/lld/openssl for the fixtures (generated on first use).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const APPLE_DIST = path.join(ROOT, "packages/apple/dist");
const FIX = path.join(ROOT, "packages/apple/fixtures/out");
const MiB = 1024 * 1024;

/** The fixture PKI's identity and a profile that accepts any bundle id of its team. */
export const FIXTURE_CREDENTIALS = {
  p12: path.join(FIX, "p12/leaf-aes.p12"),
  password: "test123",
  profile: path.join(FIX, "profiles/adhoc.mobileprovision"),
};

let fixturesReady = false;
/** Generates the fixture PKI, profiles and binaries (a no-op when up to date). */
export function ensureFixtures() {
  if (fixturesReady) return;
  execFileSync("bash", [path.join(ROOT, "packages/apple/fixtures/gen.sh")], { stdio: ["ignore", "ignore", "inherit"] });
  fixturesReady = true;
}

function zipWriter() {
  const file = path.join(APPLE_DIST, "zip/writer.js");
  if (!fs.existsSync(file)) throw new Error("bench-ipa: packages/apple/dist is missing; run `npm run build -w worker` first");
  return createRequire(import.meta.url)(file).ZipWriter;
}

function xmlPlist(dict) {
  const body = Object.entries(dict)
    .map(([k, v]) => `\t<key>${k}</key>\n\t<string>${v}</string>\n`)
    .join("");
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" ' +
      `"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${body}</dict>\n</plist>\n`,
  );
}

/**
 * An arm64 executable of about `mib` MiB: the code is tiny, the rest a blob linked into
 * __TEXT,__const, so every byte of it is a code page the signer has to hash.
 */
export function buildExecutable(dir, mib) {
  const blob = path.join(dir, `blob-${mib}.bin`);
  const fd = fs.openSync(blob, "w");
  const chunk = Buffer.allocUnsafe(MiB);
  for (let i = 0; i < mib; i++) fs.writeSync(fd, crypto.randomFillSync(chunk));
  fs.closeSync(fd);
  const src = path.join(dir, `exe-${mib}.c`);
  fs.writeFileSync(
    src,
    `__asm__(".section __TEXT,__const\\n.globl _blob\\n_blob:\\n.incbin \\"${blob}\\"\\n");\n` +
      "extern const unsigned char blob[];\nint main(void) { return blob[7]; }\n",
  );
  const exe = path.join(dir, `exe-${mib}`);
  execFileSync("clang", ["-O2", "-nostdlib", "-fuse-ld=lld", "-Wl,-e,_main", "-target", "arm64-apple-ios14.0", "-o", exe, src]);
  fs.rmSync(blob);
  fs.rmSync(src);
  return exe;
}

/**
 * Writes `<dir>/<name>` (default `bench-<files>x<fileMiB>MiB.ipa`): Payload/Bench.app with the
 * fixture fat executable (or `executable`, a path), one framework, 50 small text files and
 * `files` resources of `fileMiB` MiB of random bytes, stored. Returns its path and size.
 */
export async function buildBenchIpa(dir, { files, fileMiB, name, executable } = {}) {
  if (!Number.isInteger(files) || files < 0 || !(fileMiB > 0)) throw new Error("buildBenchIpa: files and fileMiB are required");
  ensureFixtures();
  const ZipWriter = zipWriter();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name ?? `bench-${files}x${fileMiB}MiB.ipa`);
  const w = await ZipWriter.create(file);
  const app = "Payload/Bench.app/";
  await w.addBuffer(
    `${app}Info.plist`,
    xmlPlist({
      CFBundleExecutable: "Bench",
      CFBundleIdentifier: "com.example.bench",
      CFBundleName: "Bench",
      CFBundleShortVersionString: "1.0",
      CFBundleVersion: "1",
      CFBundlePackageType: "APPL",
      MinimumOSVersion: "14.0",
    }),
    { level: 6 },
  );
  const exe = fs.readFileSync(executable ?? path.join(FIX, "bin/app-fat"));
  await w.addStream(`${app}Bench`, [exe], { level: 6, mode: 0o755, sizeHint: exe.length });
  const fw = `${app}Frameworks/Kit.framework/`;
  await w.addBuffer(`${fw}Info.plist`, xmlPlist({ CFBundleExecutable: "Kit", CFBundleIdentifier: "com.example.bench.kit", CFBundlePackageType: "FMWK" }), { level: 6 });
  await w.addBuffer(`${fw}Kit`, fs.readFileSync(path.join(FIX, "bin/framework-arm64")), { level: 6, mode: 0o755 });
  for (let i = 0; i < 50; i++) {
    await w.addBuffer(`${app}text/${i}.json`, Buffer.from(JSON.stringify({ i, words: "lorem ipsum ".repeat(100 + i) })), { level: 6 });
  }
  const size = Math.round(fileMiB * MiB);
  for (let i = 0; i < files; i++) {
    // Fresh buffers: the writer's stream pipeline may hold a few chunks at once.
    const chunks = (function* () {
      for (let off = 0; off < size; off += 4 * MiB) yield crypto.randomBytes(Math.min(4 * MiB, size - off));
    })();
    await w.addStream(`${app}media/blob-${String(i).padStart(3, "0")}.bin`, chunks, { level: 0, sizeHint: size });
  }
  return { path: file, size: await w.close() };
}
