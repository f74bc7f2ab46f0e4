/**
 * `_CodeSignature/CodeResources`: the seal of a bundle. iOS bundles use the rules Xcode emits:
 * every file of the bundle is sealed with its SHA-1 in `files` (nested bundles' files included)
 * and SHA-1 + SHA-256 in `files2`, except the bundle's own executable and `_CodeSignature/`;
 * nested code (bundles and loose Mach-O) is sealed in `files2` by its cdhash and designated
 * requirement, its files left to its own seal; `*.lproj/` files are optional; `Info.plist` is
 * sealed by the executable's special slot instead (omitted from `files2`).
 */
import { isPlistDict, parsePlist, type PlistDict } from "@gryx/apple/plist";

export interface FileDigests {
  sha1: Buffer;
  sha256: Buffer;
}

/**
 * file: a resource (`nestedFile`: inside a nested bundle, listed in the legacy `files` only: its
 * own seal covers it in files2); symlink; nested: nested code (a bundle directory, or a loose
 * Mach-O with its digests) sealed in files2 by its cdhash and designated requirement, as Apple does.
 */
/** Digests, or how to get them when the item is written (an app of many files keeps them packed until then). */
export type DigestsOf = FileDigests | (() => FileDigests);

export type SealedItem =
  | { path: string; kind: "file"; digests: DigestsOf; nestedFile?: boolean }
  | { path: string; kind: "symlink"; target: string }
  | { path: string; kind: "nested"; cdhash: Buffer; requirement: string; digests?: DigestsOf };

const digestsOf = (d: DigestsOf): FileDigests => (typeof d === "function" ? d() : d);

interface Rule {
  pattern: string;
  re: RegExp;
  weight: number;
  omit?: boolean;
  optional?: boolean;
}

function rule(pattern: string, opts: { weight?: number; omit?: boolean; optional?: boolean } = {}): Rule {
  return { pattern, re: new RegExp(pattern), weight: opts.weight ?? 1, omit: opts.omit, optional: opts.optional };
}

/** `rules` (version 1, SHA-1 only, regular files only). */
export const RULES: readonly Rule[] = [
  rule("^.*"),
  rule("^.*\\.lproj/", { optional: true, weight: 1000 }),
  rule("^.*\\.lproj/locversion.plist$", { omit: true, weight: 1100 }),
  rule("^Base\\.lproj/", { weight: 1010 }),
  rule("^version.plist$"),
];

/** `rules2` (version 2, SHA-1 + SHA-256, symlinks too). */
export const RULES2: readonly Rule[] = [
  rule(".*\\.dSYM($|/)", { weight: 11 }),
  rule("^(.*/)?\\.DS_Store$", { omit: true, weight: 2000 }),
  rule("^.*"),
  rule("^.*\\.lproj/", { optional: true, weight: 1000 }),
  rule("^.*\\.lproj/locversion.plist$", { omit: true, weight: 1100 }),
  rule("^Base\\.lproj/", { weight: 1010 }),
  rule("^Info\\.plist$", { omit: true, weight: 20 }),
  rule("^PkgInfo$", { omit: true, weight: 20 }),
  rule("^embedded\\.provisionprofile$", { weight: 20 }),
  rule("^version\\.plist$", { weight: 20 }),
];

export type Seal = "omit" | "required" | "optional";

/** The heaviest matching rule decides; on equal weight the earlier rule wins. */
export function sealFor(rules: readonly Rule[], relPath: string): Seal {
  let best: Rule | undefined;
  for (const r of rules) if (r.re.test(relPath) && (!best || r.weight > best.weight)) best = r;
  if (!best || best.omit) return "omit";
  return best.optional ? "optional" : "required";
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Apple sorts dictionary keys by their UTF-8 bytes, which is code point order: the same as JS
 * string order unless a surrogate pair (a character beyond U+FFFF) is involved.
 */
function byteOrder(a: string, b: string): number {
  if (SURROGATE.test(a) || SURROGATE.test(b)) return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
  return a < b ? -1 : a > b ? 1 : 0;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const data = (b: Buffer) => `<data>\n${b.toString("base64")}\n</data>`;

function rulesXml(rules: readonly Rule[]): string {
  const body = [...rules]
    .sort((a, b) => byteOrder(a.pattern, b.pattern))
    .map((r) => {
      const opts: string[] = [];
      if (r.omit) opts.push("\t\t\t<key>omit</key>\n\t\t\t<true/>");
      if (r.optional) opts.push("\t\t\t<key>optional</key>\n\t\t\t<true/>");
      if (r.weight !== 1) opts.push(`\t\t\t<key>weight</key>\n\t\t\t<real>${r.weight}</real>`);
      const value = opts.length ? `<dict>\n${opts.join("\n")}\n\t\t</dict>` : "<true/>";
      return `\t\t<key>${esc(r.pattern)}</key>\n\t\t${value}\n`;
    })
    .join("");
  return `\t<dict>\n${body}\t</dict>\n`;
}

/**
 * Builds CodeResources XML for the given items (paths relative to the bundle root; the caller
 * leaves out the bundle's own executable and `_CodeSignature/`). Written by hand rather than
 * through the generic plist writer so that weights come out as `<real>` like Apple's.
 */
export function buildCodeResources(items: readonly SealedItem[]): Buffer {
  const sorted = [...items].sort((a, b) => byteOrder(a.path, b.path));
  const files = new TextBlocks();
  const files2 = new TextBlocks();
  for (const item of sorted) {
    const key = `\t\t<key>${esc(item.path)}</key>\n`;
    const digests = item.kind !== "symlink" && item.digests ? digestsOf(item.digests) : undefined;
    if (digests) {
      const s1 = sealFor(RULES, item.path);
      if (s1 === "required") files.write(`${key}\t\t${data(digests.sha1)}\n`);
      else if (s1 === "optional") {
        files.write(`${key}\t\t<dict>\n\t\t\t<key>hash</key>\n\t\t\t${data(digests.sha1)}\n\t\t\t<key>optional</key>\n\t\t\t<true/>\n\t\t</dict>\n`);
      }
    }
    const s2 = sealFor(RULES2, item.path);
    if (s2 === "omit" || (item.kind === "file" && item.nestedFile)) continue;
    const fields =
      item.kind === "file"
        ? `\t\t\t<key>hash</key>\n\t\t\t${data(digests!.sha1)}\n\t\t\t<key>hash2</key>\n\t\t\t${data(digests!.sha256)}\n`
        : item.kind === "nested"
          ? `\t\t\t<key>cdhash</key>\n\t\t\t${data(item.cdhash)}\n\t\t\t<key>requirement</key>\n\t\t\t<string>${esc(item.requirement)}</string>\n`
          : `\t\t\t<key>symlink</key>\n\t\t\t<string>${esc(item.target)}</string>\n`;
    const optional = s2 === "optional" ? "\t\t\t<key>optional</key>\n\t\t\t<true/>\n" : "";
    files2.write(`${key}\t\t<dict>\n${fields}${optional}\t\t</dict>\n`);
  }
  const out = new TextBlocks();
  out.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
      '<plist version="1.0">\n<dict>\n\t<key>files</key>\n\t<dict>\n',
  );
  out.append(files);
  out.write("\t</dict>\n\t<key>files2</key>\n\t<dict>\n");
  out.append(files2);
  out.write(`\t</dict>\n\t<key>rules</key>\n${rulesXml(RULES)}\t<key>rules2</key>\n${rulesXml(RULES2)}</dict>\n</plist>\n`);
  return out.concat();
}

/**
 * UTF-8 text written straight into 256 KiB blocks: a seal of 200,000 files is tens of MiB of
 * XML, which as JS string pieces and their flattening would cost several times that.
 */
class TextBlocks {
  private static readonly BLOCK = 256 * 1024;
  /** Finished blocks, each exactly its bytes. */
  private done: Buffer[] = [];
  private cur: Buffer | undefined;
  private used = 0;
  private total = 0;

  write(text: string): void {
    const len = Buffer.byteLength(text, "utf8");
    if (!this.cur || this.used + len > this.cur.length) {
      this.seal();
      this.cur = Buffer.allocUnsafe(Math.max(TextBlocks.BLOCK, len));
    }
    this.used += this.cur.write(text, this.used, "utf8");
    this.total += len;
  }

  append(other: TextBlocks): void {
    this.seal();
    this.total += other.total;
    this.done.push(...other.take());
  }

  private seal(): void {
    if (this.cur && this.used) this.done.push(this.cur.subarray(0, this.used));
    this.cur = undefined;
    this.used = 0;
  }

  take(): Buffer[] {
    this.seal();
    const out = this.done;
    this.done = [];
    this.total = 0;
    return out;
  }

  concat(): Buffer {
    const total = this.total;
    return Buffer.concat(this.take(), total);
  }
}

export interface Files2Entry {
  hash?: Buffer;
  hash2?: Buffer;
  symlink?: string;
  cdhash?: Buffer;
  requirement?: string;
  optional: boolean;
}

export interface ParsedCodeResources {
  files: Map<string, { hash: Buffer; optional: boolean }>;
  files2: Map<string, Files2Entry>;
}

/** Reads the `files` and `files2` seals of a CodeResources plist (null if it is not one). */
export function parseCodeResources(buf: Buffer): ParsedCodeResources | null {
  let root;
  try {
    root = parsePlist(buf);
  } catch {
    return null;
  }
  if (!isPlistDict(root) || !isPlistDict(root.files) || !isPlistDict(root.files2)) return null;
  const files = new Map<string, { hash: Buffer; optional: boolean }>();
  for (const [k, v] of Object.entries(root.files)) {
    if (Buffer.isBuffer(v)) files.set(k, { hash: v, optional: false });
    else if (isPlistDict(v) && Buffer.isBuffer(v.hash)) files.set(k, { hash: v.hash, optional: v.optional === true });
  }
  const files2 = new Map<string, Files2Entry>();
  for (const [k, v] of Object.entries(root.files2 as PlistDict)) {
    if (!isPlistDict(v)) continue;
    files2.set(k, {
      ...(Buffer.isBuffer(v.hash) ? { hash: v.hash } : {}),
      ...(Buffer.isBuffer(v.hash2) ? { hash2: v.hash2 } : {}),
      ...(Buffer.isBuffer(v.cdhash) ? { cdhash: v.cdhash } : {}),
      ...(typeof v.symlink === "string" ? { symlink: v.symlink } : {}),
      ...(typeof v.requirement === "string" ? { requirement: v.requirement } : {}),
      optional: v.optional === true,
    });
  }
  return { files, files2 };
}
