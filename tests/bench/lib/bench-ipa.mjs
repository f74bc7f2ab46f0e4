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
  if (!fs.existsSync(file))
    throw new Error("bench-ipa: packages/apple/dist is missing; run `npm run build -w worker` first");
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
  execFileSync("clang", [
    "-O2",
    "-nostdlib",
    "-fuse-ld=lld",
    "-Wl,-e,_main",
    "-target",
    "arm64-apple-ios14.0",
    "-o",
    exe,
    src,
  ]);
  fs.rmSync(blob);
  fs.rmSync(src);
  return exe;
}

/**
 * An arm64 executable of about `mib` MiB that compresses like a real app's: its __TEXT is filled with
 * real machine code and constants (the .text and .rodata sections of this machine's largest shared
 * libraries, cut out with llvm-objcopy), not random bytes.
 */
function buildRealExecutable(dir, mib) {
  const want = mib * MiB;
  const blob = path.join(dir, `code-${mib}.bin`);
  const fd = fs.openSync(blob, "w");
  let have = 0;
  const libs = fs
    .readdirSync("/usr/lib/x86_64-linux-gnu")
    .filter((n) => /\.so(\.\d+)*$/.test(n))
    .map((n) => path.join("/usr/lib/x86_64-linux-gnu", n))
    .filter((f) => fs.lstatSync(f).isFile())
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  for (const lib of libs) {
    for (const section of [".text", ".rodata"]) {
      if (have >= want) break;
      const part = path.join(dir, "section.bin");
      try {
        execFileSync("llvm-objcopy", [`--dump-section=${section}=${part}`, lib, path.join(dir, "scratch.o")], {
          stdio: "ignore",
        });
      } catch {
        continue;
      }
      const bytes = fs.readFileSync(part);
      fs.writeSync(fd, bytes, 0, Math.min(bytes.length, want - have));
      have += Math.min(bytes.length, want - have);
      fs.rmSync(part, { force: true });
    }
    if (have >= want) break;
  }
  fs.rmSync(path.join(dir, "scratch.o"), { force: true });
  fs.closeSync(fd);
  if (have < want) throw new Error(`bench-ipa: only ${have} bytes of machine code found`);
  const src = path.join(dir, `real-${mib}.c`);
  fs.writeFileSync(
    src,
    `__asm__(".section __TEXT,__const\\n.globl _blob\\n_blob:\\n.incbin \\"${blob}\\"\\n");\n` +
      "extern const unsigned char blob[];\nint main(void) { return blob[7]; }\n",
  );
  const exe = path.join(dir, `real-${mib}`);
  execFileSync("clang", [
    "-O2",
    "-nostdlib",
    "-fuse-ld=lld",
    "-Wl,-e,_main",
    "-target",
    "arm64-apple-ios14.0",
    "-o",
    exe,
    src,
  ]);
  fs.rmSync(blob);
  fs.rmSync(src);
  return exe;
}

/** Text like an app's (JSON, strings, scripts): the JavaScript and JSON of this repository's node_modules. */
function* realText(totalBytes) {
  let left = totalBytes;
  const stack = [path.join(ROOT, "node_modules")];
  while (stack.length && left > 0) {
    const d = stack.pop();
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, ent.name);
      if (ent.isDirectory()) stack.push(f);
      else if (ent.isFile() && /\.(js|json|md|txt)$/.test(ent.name) && left > 0) {
        const b = fs.readFileSync(f);
        if (b.length < 4096) continue;
        const piece = b.subarray(0, Math.min(b.length, left));
        left -= piece.length;
        yield piece;
      }
    }
  }
}

/**
 * The real-shaped IPA of issue 21: a `exeMiB` MiB arm64 executable of real machine code, `imageMiB`
 * MiB of images (incompressible, deflated as zip tools do) in 300 KiB files, `textMiB` MiB of text in
 * files of up to 256 KiB, plus the fixture framework. About 80 MB with the defaults.
 */
export async function buildRealShapedIpa(
  dir,
  { exeMiB = 120, imageMiB = 30, textMiB = 30, name = "real-shaped.ipa" } = {},
) {
  ensureFixtures();
  const ZipWriter = zipWriter();
  fs.mkdirSync(dir, { recursive: true });
  const exe = buildRealExecutable(dir, exeMiB);
  const file = path.join(dir, name);
  const w = await ZipWriter.create(file);
  const app = "Payload/Real.app/";
  await w.addBuffer(
    `${app}Info.plist`,
    xmlPlist({
      CFBundleExecutable: "Real",
      CFBundleIdentifier: "com.example.real",
      CFBundleName: "Real",
      CFBundleShortVersionString: "1.0",
      CFBundleVersion: "1",
      CFBundlePackageType: "APPL",
    }),
    { level: 6 },
  );
  const exeSize = fs.statSync(exe).size;
  await w.addStream(`${app}Real`, fs.createReadStream(exe, { highWaterMark: MiB }), {
    level: 6,
    mode: 0o755,
    sizeHint: exeSize,
  });
  fs.rmSync(exe);
  const fw = `${app}Frameworks/Kit.framework/`;
  await w.addBuffer(
    `${fw}Info.plist`,
    xmlPlist({ CFBundleExecutable: "Kit", CFBundleIdentifier: "com.example.real.kit", CFBundlePackageType: "FMWK" }),
    { level: 6 },
  );
  await w.addBuffer(`${fw}Kit`, fs.readFileSync(path.join(FIX, "bin/framework-arm64")), { level: 6, mode: 0o755 });
  const image = 300 * 1024;
  for (let i = 0, left = imageMiB * MiB; left > 0; i++, left -= image) {
    await w.addBuffer(`${app}Assets/img-${String(i).padStart(4, "0")}.png`, crypto.randomBytes(Math.min(image, left)), {
      level: 6,
    });
  }
  let i = 0;
  let pending = [];
  let size = 0;
  const flush = async () => {
    if (!size) return;
    await w.addBuffer(`${app}Text/t-${String(i++).padStart(4, "0")}.js`, Buffer.concat(pending), { level: 6 });
    pending = [];
    size = 0;
  };
  for (const piece of realText(textMiB * MiB)) {
    pending.push(piece);
    size += piece.length;
    if (size >= 256 * 1024) await flush();
  }
  await flush();
  return { path: file, size: await w.close(), exeSize };
}

/** An IPA of `count` empty files (issue 19: the signer's memory must not grow with the number of entries). */
export async function buildManyEntriesIpa(dir, count, name = `entries-${count}.ipa`) {
  ensureFixtures();
  const ZipWriter = zipWriter();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const w = await ZipWriter.create(file);
  const app = "Payload/Many.app/";
  await w.addBuffer(
    `${app}Info.plist`,
    xmlPlist({ CFBundleExecutable: "Many", CFBundleIdentifier: "com.example.many", CFBundlePackageType: "APPL" }),
    { level: 6 },
  );
  await w.addBuffer(`${app}Many`, fs.readFileSync(path.join(FIX, "bin/app-arm64")), { level: 6, mode: 0o755 });
  for (let i = 0; i < count; i++) await w.addBuffer(`${app}files/d${i % 500}/f${i}.txt`, Buffer.alloc(0), { level: 0 });
  return { path: file, size: await w.close() };
}

/**
 * Writes `<dir>/<name>` (default `bench-<files>x<fileMiB>MiB.ipa`): Payload/Bench.app with the
 * fixture fat executable (or `executable`, a path), one framework, 50 small text files and
 * `files` resources of `fileMiB` MiB of random bytes, stored. Returns its path and size.
 */
export async function buildBenchIpa(dir, { files, fileMiB, name, executable } = {}) {
  if (!Number.isInteger(files) || files < 0 || !(fileMiB > 0))
    throw new Error("buildBenchIpa: files and fileMiB are required");
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
  await w.addBuffer(
    `${fw}Info.plist`,
    xmlPlist({ CFBundleExecutable: "Kit", CFBundleIdentifier: "com.example.bench.kit", CFBundlePackageType: "FMWK" }),
    { level: 6 },
  );
  await w.addBuffer(`${fw}Kit`, fs.readFileSync(path.join(FIX, "bin/framework-arm64")), { level: 6, mode: 0o755 });
  for (let i = 0; i < 50; i++) {
    await w.addBuffer(
      `${app}text/${i}.json`,
      Buffer.from(JSON.stringify({ i, words: "lorem ipsum ".repeat(100 + i) })),
      { level: 6 },
    );
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
