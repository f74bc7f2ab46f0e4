/**
 * An independent checker of signed IPAs, for tests: written apart from the signer and its verifier
 * (worker/src/signing) so that a mistake shared by both cannot pass unseen. It unpacks the IPA with
 * Info-ZIP `unzip`, finds every Mach-O by its magic and every bundle by its Info.plist's
 * CFBundleExecutable, and checks, for every slice of every Mach-O:
 *   - a code signature at the end of __LINKEDIT, codeLimit = its offset;
 *   - every CodeDirectory's page hashes and special slots (Info.plist, requirements, CodeResources,
 *     entitlements, DER entitlements) recomputed from the files;
 *   - the CMS blob with `openssl cms -verify` against the given root, detached over the first
 *     CodeDirectory; the signer's team (OU) and common name as expected, and the CodeDirectory's team;
 * and, for every bundle, its CodeResources `files2` against the files present: resources by SHA-256,
 * nested code (bundles directly inside and loose Mach-O) by cdhash and a requirement naming its
 * identifier, nothing unsealed and nothing missing.
 * Only the plist parser is shared with the product (CodeResources and Info.plist are plists).
 */
import { execFileSync } from "node:child_process";
import crypto, { X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isPlistDict, parsePlist, type PlistDict } from "@gryx/apple/plist";

export interface CheckOptions {
  /** PEM file of the root the CMS signatures must chain to. */
  rootPem: string;
  teamId: string;
  signerCommonName: string;
}

interface CheckedCode {
  path: string;
  slices: number;
  identifier: string;
  /** The cdhash a parent seals this code by: SHA-256 CodeDirectory of the arm64 slice (else the first), 20 bytes. */
  cdhash: string;
}

export interface CheckReport {
  problems: string[];
  code: CheckedCode[];
  bundles: string[];
}

const sha = (alg: string, b: Buffer) => crypto.createHash(alg).update(b).digest();
const CPU_ARM64 = 0x0100000c;

function isMachOBytes(b: Buffer): boolean {
  if (b.length < 8) return false;
  const le = b.readUInt32LE(0);
  if (le === 0xfeedface || le === 0xfeedfacf) return true;
  const be = b.readUInt32BE(0);
  return (be === 0xcafebabe || be === 0xcafebabf) && b.readUInt32BE(4) > 0 && b.readUInt32BE(4) < 45;
}

function walk(dir: string, rel = ""): { rel: string; abs: string; link: boolean }[] {
  const out: { rel: string; abs: string; link: boolean }[] = [];
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const r = rel + d.name;
    const abs = path.join(dir, d.name);
    if (d.isSymbolicLink()) out.push({ rel: r, abs, link: true });
    else if (d.isDirectory()) out.push(...walk(abs, `${r}/`));
    else out.push({ rel: r, abs, link: false });
  }
  return out;
}

interface Slice {
  cputype: number;
  bytes: Buffer;
}

function slicesOf(file: Buffer): Slice[] {
  const be = file.readUInt32BE(0);
  if (be !== 0xcafebabe && be !== 0xcafebabf) return [{ cputype: file.readInt32LE(4), bytes: file }];
  const n = file.readUInt32BE(4);
  const wide = be === 0xcafebabf;
  const out: Slice[] = [];
  for (let i = 0; i < n; i++) {
    const o = 8 + i * (wide ? 32 : 20);
    const cputype = file.readInt32BE(o);
    const offset = wide ? Number(file.readBigUInt64BE(o + 8)) : file.readUInt32BE(o + 8);
    const size = wide ? Number(file.readBigUInt64BE(o + 16)) : file.readUInt32BE(o + 12);
    out.push({ cputype, bytes: file.subarray(offset, offset + size) });
  }
  return out;
}

interface CodeDir {
  raw: Buffer;
  hashType: number;
  hashSize: number;
  pageSize: number;
  codeLimit: number;
  nSpecial: number;
  nCode: number;
  hashOffset: number;
  identifier: string;
  teamId?: string;
}

function cstr(b: Buffer, at: number): string {
  const end = b.indexOf(0, at);
  return b.toString("utf8", at, end < 0 ? b.length : end);
}

function parseCd(raw: Buffer): CodeDir {
  if (raw.readUInt32BE(0) !== 0xfade0c02) throw new Error("not a CodeDirectory");
  const version = raw.readUInt32BE(8);
  return {
    raw,
    hashOffset: raw.readUInt32BE(16),
    identifier: cstr(raw, raw.readUInt32BE(20)),
    nSpecial: raw.readUInt32BE(24),
    nCode: raw.readUInt32BE(28),
    codeLimit: raw.readUInt32BE(32),
    hashSize: raw[36]!,
    hashType: raw[37]!,
    pageSize: 2 ** raw[39]!,
    teamId: version >= 0x20200 && raw.readUInt32BE(48) ? cstr(raw, raw.readUInt32BE(48)) : undefined,
  };
}

/** The signature blob of a thin slice and where it starts, with __LINKEDIT's extent. */
function signatureOf(slice: Buffer): { dataoff: number; datasize: number; linkEnd: number } | undefined {
  const is64 = slice.readUInt32LE(0) === 0xfeedfacf;
  const ncmds = slice.readUInt32LE(16);
  let off = is64 ? 32 : 28;
  let sig: { dataoff: number; datasize: number } | undefined;
  let linkEnd = -1;
  for (let i = 0; i < ncmds; i++) {
    const cmd = slice.readUInt32LE(off);
    const size = slice.readUInt32LE(off + 4);
    if (cmd === 0x1d) sig = { dataoff: slice.readUInt32LE(off + 8), datasize: slice.readUInt32LE(off + 12) };
    if ((cmd === 0x19 || cmd === 0x1) && cstr(slice.subarray(off + 8, off + 24), 0) === "__LINKEDIT") {
      linkEnd = is64
        ? Number(slice.readBigUInt64LE(off + 40)) + Number(slice.readBigUInt64LE(off + 48))
        : slice.readUInt32LE(off + 32) + slice.readUInt32LE(off + 36);
    }
    off += size;
  }
  return sig && { ...sig, linkEnd };
}

function hashName(type: number): string {
  return type === 1 ? "sha1" : type === 2 ? "sha256" : "unknown";
}

export async function checkSignedIpa(ipaPath: string, opts: CheckOptions): Promise<CheckReport> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ipa-checker-"));
  try {
    execFileSync("unzip", ["-qq", ipaPath, "-d", path.join(tmp, "x")]);
    return check(path.join(tmp, "x"), tmp, opts);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function check(root: string, tmp: string, opts: CheckOptions): CheckReport {
  const problems: string[] = [];
  const apps = fs.readdirSync(path.join(root, "Payload")).filter((n) => n.endsWith(".app"));
  if (apps.length !== 1) return { problems: [`Payload holds ${apps.length} apps`], code: [], bundles: [] };
  const appRel = `Payload/${apps[0]}/`;
  const files = walk(path.join(root, appRel), appRel);
  const machO = new Set(
    files.filter((f) => !f.link && !/\.dSYM\//.test(f.rel) && isMachOBytes(readHead(f.abs))).map((f) => f.rel),
  );

  // Bundles: the app, and every directory whose Info.plist names a Mach-O executable in it.
  const bundles: { dir: string; exe: string; info: Buffer }[] = [];
  for (const f of files) {
    if (f.link || !f.rel.endsWith("Info.plist") || /\.lproj\//.test(f.rel)) continue;
    const dir = f.rel.slice(0, -"Info.plist".length);
    let plist: PlistDict | undefined;
    try {
      const v = parsePlist(fs.readFileSync(f.abs));
      plist = isPlistDict(v) ? v : undefined;
    } catch {
      plist = undefined;
    }
    const exe = typeof plist?.CFBundleExecutable === "string" ? dir + plist.CFBundleExecutable : "";
    if (machO.has(exe)) bundles.push({ dir, exe, info: fs.readFileSync(f.abs) });
    else if (dir === appRel) problems.push(`${appRel}: main executable missing or not a Mach-O`);
  }
  bundles.sort((a, b) => b.dir.length - a.dir.length);
  const bundleOfExe = new Map(bundles.map((b) => [b.exe, b]));
  const owner = (rel: string) => bundles.find((b) => rel.startsWith(b.dir));

  const code = new Map<string, CheckedCode>();
  let n = 0;
  for (const rel of machO) {
    const bytes = fs.readFileSync(path.join(root, rel));
    const bundle = bundleOfExe.get(rel);
    const slots = new Map<number, Buffer | undefined>();
    if (bundle) {
      slots.set(1, bundle.info);
      const cr = path.join(root, bundle.dir, "_CodeSignature/CodeResources");
      slots.set(3, fs.existsSync(cr) ? fs.readFileSync(cr) : undefined);
    }
    let best: string | undefined;
    let identifier = "";
    const slices = slicesOf(bytes);
    for (const s of slices) {
      const say = (p: string) => problems.push(`${rel} [cpu ${s.cputype}]: ${p}`);
      const sig = signatureOf(s.bytes);
      if (!sig || sig.datasize === 0) {
        say("not signed");
        continue;
      }
      if (sig.dataoff + sig.datasize > sig.linkEnd) say("signature outside __LINKEDIT");
      const blob = s.bytes.subarray(sig.dataoff, sig.dataoff + sig.datasize);
      if (blob.readUInt32BE(0) !== 0xfade0cc0) {
        say("bad SuperBlob");
        continue;
      }
      const index = new Map<number, Buffer>();
      for (let i = 0; i < blob.readUInt32BE(8); i++) {
        const type = blob.readUInt32BE(12 + i * 8);
        const off = blob.readUInt32BE(16 + i * 8);
        index.set(type, blob.subarray(off, off + blob.readUInt32BE(off + 4)));
      }
      const cds = [0, 0x1000, 0x1001]
        .map((t) => index.get(t))
        .filter((b): b is Buffer => !!b)
        .map(parseCd);
      if (!cds.length) {
        say("no CodeDirectory");
        continue;
      }
      const inner = (t: number) => index.get(t);
      const special = new Map<number, Buffer | undefined>([...slots, [2, inner(2)], [5, inner(5)], [7, inner(7)]]);
      for (const cd of cds) {
        const alg = hashName(cd.hashType);
        identifier ||= cd.identifier;
        if (cd.codeLimit !== sig.dataoff) say(`codeLimit ${cd.codeLimit} != signature offset ${sig.dataoff}`);
        if (cd.teamId !== opts.teamId) say(`CodeDirectory team ${cd.teamId} != ${opts.teamId}`);
        if (cd.nCode !== Math.ceil(cd.codeLimit / cd.pageSize)) say("wrong number of page hashes");
        for (let i = 0; i < cd.nCode; i++) {
          const page = s.bytes.subarray(i * cd.pageSize, Math.min((i + 1) * cd.pageSize, cd.codeLimit));
          const want = cd.raw.subarray(cd.hashOffset + i * cd.hashSize, cd.hashOffset + (i + 1) * cd.hashSize);
          if (!sha(alg, page).subarray(0, cd.hashSize).equals(want)) {
            say(`${alg} page ${i} hash mismatch`);
            break;
          }
        }
        for (const [slot, data] of special) {
          const at = cd.hashOffset - slot * cd.hashSize;
          const bound = slot <= cd.nSpecial ? cd.raw.subarray(at, at + cd.hashSize) : undefined;
          const zero = !bound || bound.every((x) => x === 0);
          if (data === undefined) {
            if (!zero) say(`special slot ${slot} bound but absent`);
          } else if (zero) say(`special slot ${slot} not bound`);
          else if (!sha(alg, data).subarray(0, cd.hashSize).equals(bound!)) say(`special slot ${slot} hash mismatch`);
        }
      }
      const sha256Cd = cds.find((c) => c.hashType === 2);
      if (sha256Cd && (!best || s.cputype === CPU_ARM64))
        best = sha(alg256, sha256Cd.raw).subarray(0, 20).toString("hex");
      // CMS, checked by OpenSSL: detached over the first CodeDirectory, chained to the root.
      const cms = inner(0x10000);
      if (!cms || cms.length <= 8) {
        say("no CMS signature");
        continue;
      }
      const base = path.join(tmp, `s${n++}`);
      fs.writeFileSync(`${base}.der`, cms.subarray(8));
      fs.writeFileSync(`${base}.cd`, cds[0]!.raw);
      try {
        execFileSync(
          "openssl",
          [
            "cms",
            "-verify",
            "-binary",
            "-inform",
            "DER",
            "-in",
            `${base}.der`,
            "-content",
            `${base}.cd`,
            "-CAfile",
            opts.rootPem,
            "-purpose",
            "any",
            "-signer",
            `${base}.pem`,
            "-out",
            "/dev/null",
          ],
          { stdio: ["ignore", "ignore", "pipe"] },
        );
        const signer = new X509Certificate(fs.readFileSync(`${base}.pem`));
        const team = /(?:^|\n)OU=([^\n]+)/.exec(signer.subject)?.[1];
        const cn = /(?:^|\n)CN=([^\n]+)/.exec(signer.subject)?.[1];
        if (team !== opts.teamId) say(`CMS signer team ${team} != ${opts.teamId}`);
        if (cn !== opts.signerCommonName) say(`CMS signer ${cn} != ${opts.signerCommonName}`);
      } catch (e) {
        say(
          `openssl cms -verify failed: ${((e as { stderr?: Buffer }).stderr ?? "").toString().trim().split("\n")[0]}`,
        );
      }
    }
    code.set(rel, { path: rel, slices: slices.length, identifier, cdhash: best ?? "" });
  }

  // Seals: every bundle's files2 against what is there.
  for (const b of bundles) {
    const crPath = path.join(root, b.dir, "_CodeSignature/CodeResources");
    if (!fs.existsSync(crPath)) {
      problems.push(`${b.dir}: no _CodeSignature/CodeResources`);
      continue;
    }
    const cr = parsePlist(fs.readFileSync(crPath));
    const files2 = isPlistDict(cr) && isPlistDict(cr.files2) ? cr.files2 : {};
    const seen = new Set<string>();
    const nestedOk = (key: string, target: CheckedCode | undefined) => {
      const e = files2[key];
      seen.add(key);
      if (!isPlistDict(e) || !Buffer.isBuffer(e.cdhash))
        return problems.push(`${b.dir}${key}: nested code not sealed by cdhash`);
      if (!target || e.cdhash.toString("hex") !== target.cdhash)
        return problems.push(`${b.dir}${key}: sealed cdhash does not match the code`);
      if (typeof e.requirement !== "string" || !e.requirement.includes(`identifier "${target.identifier}"`)) {
        return problems.push(`${b.dir}${key}: sealed requirement does not name ${target.identifier}`);
      }
      return 0;
    };
    for (const child of bundles) {
      if (child === b || !child.dir.startsWith(b.dir) || owner(child.dir.slice(0, -1)) !== b) continue;
      nestedOk(child.dir.slice(b.dir.length, -1), code.get(child.exe));
    }
    for (const f of files) {
      if (owner(f.rel) !== b || f.rel === b.exe || f.rel.startsWith(`${b.dir}_CodeSignature/`)) continue;
      const key = f.rel.slice(b.dir.length);
      if (
        key === "Info.plist" ||
        key === "PkgInfo" ||
        /(^|\/)\.DS_Store$/.test(key) ||
        /\.lproj\/locversion\.plist$/.test(key)
      )
        continue;
      if (machO.has(f.rel)) {
        nestedOk(key, code.get(f.rel));
        continue;
      }
      seen.add(key);
      const e = files2[key];
      if (!isPlistDict(e)) problems.push(`${f.rel}: not sealed`);
      else if (f.link) {
        if (e.symlink !== fs.readlinkSync(f.abs)) problems.push(`${f.rel}: symlink seal mismatch`);
      } else if (!Buffer.isBuffer(e.hash2) || !e.hash2.equals(sha("sha256", fs.readFileSync(f.abs)))) {
        problems.push(`${f.rel}: sealed hash2 mismatch`);
      }
    }
    for (const [key, e] of Object.entries(files2)) {
      if (!seen.has(key) && !(isPlistDict(e) && e.optional === true))
        problems.push(`${b.dir}${key}: sealed but missing`);
    }
  }
  return { problems, code: [...code.values()], bundles: bundles.map((b) => b.dir) };
}

const alg256 = "sha256";

function readHead(file: string): Buffer {
  const fd = fs.openSync(file, "r");
  try {
    const b = Buffer.alloc(8);
    return b.subarray(0, fs.readSync(fd, b, 0, 8, 0));
  } finally {
    fs.closeSync(fd);
  }
}
