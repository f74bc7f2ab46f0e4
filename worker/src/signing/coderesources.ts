/**
 * `_CodeSignature/CodeResources`: the seal of a bundle. iOS bundles use the rules Xcode emits:
 * every file of the bundle is sealed with its SHA-1 in `files` (nested bundles' files included)
 * and SHA-1 + SHA-256 in `files2`, except the bundle's own executable and `_CodeSignature/`;
 * nested code (bundles and loose Mach-O) is sealed in `files2` by its cdhash and designated
 * requirement, its files left to its own seal; `*.lproj/` files are optional; `Info.plist` is
 * sealed by the executable's special slot instead (omitted from `files2`).
 */
import fs from "node:fs";
import { GcEvery } from "@gryx/apple/zip/collect";
import { withRoom } from "./digest-table";
import { isPlistDict, parsePlist, type PlistDict, type PlistValue } from "@gryx/apple/plist";

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
type DigestsOf = FileDigests | (() => FileDigests);

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
  const chunks: Buffer[] = [];
  writeCodeResources(
    () => sorted,
    (b) => chunks.push(Buffer.from(b)),
  );
  return Buffer.concat(chunks);
}

/** The order CodeResources lists its keys in (see byteOrder), for callers that sort their own items. */
export const sealOrder = byteOrder;

/**
 * Paths put in seal order without a string each: their UTF-8 bytes packed into one buffer, sorted as indices by
 * those bytes (seal order is UTF-8 byte order). The seal of an app of 200,000 files would otherwise hold 200,000
 * strings and an array of them, about 13 MiB of heap, while it is written. Each path carries a number (its row in
 * the caller's table); `at(k)` gives the k-th path in seal order and its number.
 */
export class SealOrderedPaths {
  private bytes = Buffer.alloc(64 * 1024);
  private used = 0;
  private starts = new Uint32Array(1024);
  private rows = new Uint32Array(1024);
  private count = 0;
  private order: Uint32Array | undefined;

  get length(): number {
    return this.count;
  }

  add(path: string, row: number): void {
    this.bytes = withRoom(this.bytes, this.used + Buffer.byteLength(path, "utf8"));
    this.starts = withRoom(this.starts, (this.count + 2) * 4);
    this.rows = withRoom(this.rows, (this.count + 2) * 4);
    this.starts[this.count] = this.used;
    this.rows[this.count] = row;
    this.used += this.bytes.write(path, this.used, "utf8");
    this.count++;
    this.starts[this.count] = this.used;
    this.order = undefined;
  }

  /** The k-th path in seal order, and the number it was added with. */
  at(k: number): { path: string; row: number } {
    this.order ??= this.sort();
    const i = this.order[k]!;
    return { path: this.bytes.toString("utf8", this.starts[i]!, this.starts[i + 1]!), row: this.rows[i]! };
  }

  private sort(): Uint32Array {
    const { bytes, starts } = this;
    const order = new Uint32Array(this.count);
    for (let i = 0; i < order.length; i++) order[i] = i;
    return order.sort((a, b) => {
      const aEnd = starts[a + 1]!;
      const bEnd = starts[b + 1]!;
      for (let i = starts[a]!, j = starts[b]!; i < aEnd && j < bEnd; i++, j++) {
        const d = bytes[i]! - bytes[j]!;
        if (d !== 0) return d;
      }
      return aEnd - starts[a]! - (bEnd - starts[b]!);
    });
  }
}

/**
 * Streams CodeResources XML out in blocks of at most 256 KiB: the seal of an app of 200,000 files is
 * tens of MiB, which is never held whole. `items` yields the items already in seal order
 * (sealOrder of their paths), and is iterated twice (`files`, then `files2`); `write` gets each
 * block, valid only during the call.
 */
export function writeCodeResources(items: () => Iterable<SealedItem>, write: (block: Buffer) => void): void {
  const out = new TextSink(write);
  out.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
      '<plist version="1.0">\n<dict>\n\t<key>files</key>\n\t<dict>\n',
  );
  // Each item leaves a few strings behind; an app of 200,000 files makes 400,000 items: collected as they pile up.
  const gc = new GcEvery();
  for (const item of items()) {
    gc.add(ENTRY_GARBAGE);
    const digests = item.kind !== "symlink" && item.digests ? digestsOf(item.digests) : undefined;
    if (!digests) continue;
    const s1 = sealFor(RULES, item.path);
    if (s1 === "omit") continue;
    const key = `\t\t<key>${esc(item.path)}</key>\n`;
    if (s1 === "required") out.write(`${key}\t\t${data(digests.sha1)}\n`);
    else {
      out.write(
        `${key}\t\t<dict>\n\t\t\t<key>hash</key>\n\t\t\t${data(digests.sha1)}\n\t\t\t<key>optional</key>\n\t\t\t<true/>\n\t\t</dict>\n`,
      );
    }
  }
  out.write("\t</dict>\n\t<key>files2</key>\n\t<dict>\n");
  for (const item of items()) {
    gc.add(ENTRY_GARBAGE);
    const s2 = sealFor(RULES2, item.path);
    if (s2 === "omit" || (item.kind === "file" && item.nestedFile)) continue;
    const key = `\t\t<key>${esc(item.path)}</key>\n`;
    let fields: string;
    if (item.kind === "file") {
      const digests = digestsOf(item.digests);
      fields = `\t\t\t<key>hash</key>\n\t\t\t${data(digests.sha1)}\n\t\t\t<key>hash2</key>\n\t\t\t${data(digests.sha256)}\n`;
    } else if (item.kind === "nested") {
      fields = `\t\t\t<key>cdhash</key>\n\t\t\t${data(item.cdhash)}\n\t\t\t<key>requirement</key>\n\t\t\t<string>${esc(item.requirement)}</string>\n`;
    } else fields = `\t\t\t<key>symlink</key>\n\t\t\t<string>${esc(item.target)}</string>\n`;
    const optional = s2 === "optional" ? "\t\t\t<key>optional</key>\n\t\t\t<true/>\n" : "";
    out.write(`${key}\t\t<dict>\n${fields}${optional}\t\t</dict>\n`);
  }
  out.write(
    `\t</dict>\n\t<key>rules</key>\n${rulesXml(RULES)}\t<key>rules2</key>\n${rulesXml(RULES2)}</dict>\n</plist>\n`,
  );
  out.end();
}

/** UTF-8 text written straight into one reused 256 KiB block, handed to `flush` whenever it fills. */
class TextSink {
  private static readonly BLOCK = 256 * 1024;
  private buf = Buffer.allocUnsafe(TextSink.BLOCK);
  private used = 0;

  constructor(private readonly flush: (block: Buffer) => void) {}

  write(text: string): void {
    const len = Buffer.byteLength(text, "utf8");
    if (this.used + len > this.buf.length) {
      this.end();
      if (len > this.buf.length) this.buf = Buffer.allocUnsafe(len);
    }
    this.used += this.buf.write(text, this.used, "utf8");
  }

  end(): void {
    if (this.used) this.flush(this.buf.subarray(0, this.used));
    this.used = 0;
  }
}

interface Files2Entry {
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
  const files = new Map<string, { hash: Buffer; optional: boolean }>();
  const files2 = new Map<string, Files2Entry>();
  const ok = scanCodeResources(buf, {
    file: (k, v) => files.set(k, v),
    file2: (k, v) => files2.set(k, v),
  });
  return ok ? { files, files2 } : null;
}

export interface SealVisitor {
  file(key: string, v: { hash: Buffer; optional: boolean }): void;
  file2(key: string, v: Files2Entry): void;
}

/**
 * Walks the `files` and `files2` seals of a CodeResources plist entry by entry, without building
 * the document: the seal of an app of 200,000 files is tens of MiB of XML, whose plist tree
 * would cost several times that. XML is scanned in place; a binary plist is parsed whole.
 * Returns false when it is not a CodeResources plist (no `files` and `files2` dictionaries).
 */
export function scanCodeResources(buf: Buffer, visit: SealVisitor): boolean {
  if (buf.subarray(0, 8).toString("latin1") === "bplist00") {
    let root;
    try {
      root = parsePlist(buf);
    } catch {
      return false;
    }
    if (!isPlistDict(root) || !isPlistDict(root.files) || !isPlistDict(root.files2)) return false;
    for (const [k, v] of Object.entries(root.files)) visitFile(visit, k, v);
    for (const [k, v] of Object.entries(root.files2)) visitFile2(visit, k, v);
    return true;
  }
  try {
    return new XmlSealScanner(buf, visit).run();
  } catch {
    return false;
  }
}

function visitFile(visit: SealVisitor, k: string, v: PlistValue): void {
  if (Buffer.isBuffer(v)) visit.file(k, { hash: v, optional: false });
  else if (isPlistDict(v) && Buffer.isBuffer(v.hash)) visit.file(k, { hash: v.hash, optional: v.optional === true });
}

function visitFile2(visit: SealVisitor, k: string, v: PlistValue): void {
  if (!isPlistDict(v)) return;
  visit.file2(k, {
    ...(Buffer.isBuffer(v.hash) ? { hash: v.hash } : {}),
    ...(Buffer.isBuffer(v.hash2) ? { hash2: v.hash2 } : {}),
    ...(Buffer.isBuffer(v.cdhash) ? { cdhash: v.cdhash } : {}),
    ...(typeof v.symlink === "string" ? { symlink: v.symlink } : {}),
    ...(typeof v.requirement === "string" ? { requirement: v.requirement } : {}),
    optional: v.optional === true,
  });
}

/**
 * Reads a CodeResources file too large to hold (an app of many files): XML scanned through a window
 * of at most 4 MiB (no single entry of a seal is larger); a binary plist that large is refused.
 */
export function scanCodeResourcesFile(file: string, visit: SealVisitor): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    if (size <= MAX_WINDOW) return scanCodeResources(fs.readFileSync(fd), visit);
    let pos = 0;
    const read: ByteReader = (buf) => {
      const n = fs.readSync(fd, buf, 0, buf.length, pos);
      pos += n;
      return n;
    };
    const head = Buffer.alloc(8);
    fs.readSync(fd, head, 0, 8, 0);
    if (head.toString("latin1") === "bplist00") return false;
    try {
      return new XmlSealScanner(read, visit).run();
    } catch {
      return false;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Fills `buf` with a document's next bytes and returns how many (0 at its end). */
type ByteReader = (buf: Buffer) => number;
const WINDOW_STEP = 256 * 1024;
const MAX_WINDOW = 4 * 1024 * 1024;

const LT = 0x3c;
const GT = 0x3e;
/** Roughly what writing or scanning one seal entry leaves for the collector (see GcEvery). */
const ENTRY_GARBAGE = 512;
/** Nesting deeper than this inside one entry is not a seal. */
const MAX_DEPTH = 16;

/**
 * A pull scanner over XML plist bytes, enough for CodeResources: the root dictionary's `files` and
 * `files2` dictionaries are read entry by entry (each entry's value, a few small elements, is
 * built and handed over); everything else (rules, comments, the DOCTYPE) is skipped by depth.
 */
class XmlSealScanner {
  private pos = 0;
  private buf: Buffer;
  private eof: boolean;
  constructor(
    input: Buffer | ByteReader,
    private readonly visit: SealVisitor,
  ) {
    this.readMore = Buffer.isBuffer(input) ? undefined : input;
    this.buf = Buffer.isBuffer(input) ? input : Buffer.alloc(0);
    this.eof = Buffer.isBuffer(input);
  }

  private readonly readMore: ByteReader | undefined;
  /** The streamed window's memory, and the other one (see refill). */
  private mem: Buffer | undefined;
  private spare: Buffer | undefined;

  /**
   * Reads more of a streamed document: the window keeps the bytes from `pos` on (moved to its
   * start: positions before it are gone) and grows by up to 256 KiB. False at the end.
   */
  private refill(): boolean {
    if (this.eof || !this.readMore) return false;
    const keep = this.buf.length - this.pos;
    if (keep + WINDOW_STEP > MAX_WINDOW) throw new Error("element too long");
    // Two windows' memory, used in turn (nothing keeps a view of a window: values are decoded into strings and
    // copies): a 60 MB seal would otherwise make 240 spent windows for the collector.
    let next = this.spare;
    if (!next || next.length < keep + WINDOW_STEP) next = Buffer.allocUnsafe(keep + WINDOW_STEP);
    this.spare = this.mem;
    this.mem = next;
    this.buf.copy(next, 0, this.pos);
    const n = this.readMore(next.subarray(keep));
    if (n === 0) this.eof = true;
    this.buf = next.subarray(0, keep + n);
    this.pos = 0;
    return n > 0;
  }

  /** Index of `needle` at or after `pos` (refilling as needed; `pos` may move), or -1. */
  private find(needle: string | number, skip = 0): number {
    for (;;) {
      const i =
        typeof needle === "number"
          ? this.buf.indexOf(needle, this.pos + skip)
          : this.buf.indexOf(needle, this.pos + skip, "latin1");
      if (i >= 0) return i;
      const before = this.buf.length - this.pos;
      if (!this.refill()) return -1;
      skip = Math.max(0, before - (typeof needle === "number" ? 0 : needle.length));
    }
  }

  /** Makes sure `n` bytes from `pos` are in the window (as far as the document goes). */
  private ensure(n: number): void {
    while (this.buf.length - this.pos < n && this.refill());
  }

  run(): boolean {
    // Up to <plist>, then the root <dict>.
    if (!this.seekElement("plist")) return false;
    const root = this.next();
    if (!root || root.name !== "dict" || root.empty) return false;
    let seen = 0;
    for (;;) {
      const t = this.next();
      if (!t || (t.close && t.name === "dict")) break;
      if (t.name !== "key" || t.close) return false;
      const key = this.text("key");
      const value = this.next();
      if (!value) return false;
      if ((key === "files" || key === "files2") && value.name === "dict" && !value.close) {
        seen |= key === "files" ? 1 : 2;
        if (!value.empty) this.section(key);
      } else this.skipValue(value);
    }
    return seen === 3;
  }

  private section(which: "files" | "files2"): void {
    // Each entry's digests are small Buffers carved from Node's shared 8 KiB pools: collected as they pile up.
    const gc = new GcEvery();
    for (;;) {
      gc.add(ENTRY_GARBAGE);
      const t = this.next();
      if (!t) throw new Error("truncated");
      if (t.close && t.name === "dict") return;
      if (t.name !== "key" || t.close) throw new Error("expected a key");
      const key = this.text("key");
      const open = this.next();
      if (!open) throw new Error("truncated");
      const value = this.value(open, 0);
      if (which === "files") visitFile(this.visit, key, value);
      else visitFile2(this.visit, key, value);
    }
  }

  /** A whole value starting at its opening tag `t`. */
  private value(t: Tag, depth: number): PlistValue {
    if (depth > MAX_DEPTH) throw new Error("nested too deeply");
    switch (t.name) {
      case "true":
        return true;
      case "false":
        return false;
      case "string":
        return t.empty ? "" : this.text("string");
      case "data":
        return t.empty ? Buffer.alloc(0) : Buffer.from(this.text("data").replace(/\s+/g, ""), "base64");
      case "integer":
      case "real":
        return Number(this.text(t.name));
      case "dict": {
        const out: PlistDict = {};
        if (t.empty) return out;
        for (;;) {
          const k = this.next();
          if (!k) throw new Error("truncated");
          if (k.close && k.name === "dict") return out;
          if (k.name !== "key" || k.close) throw new Error("expected a key");
          const key = this.text("key");
          const v = this.next();
          if (!v) throw new Error("truncated");
          out[key] = this.value(v, depth + 1);
        }
      }
      case "array": {
        const out: PlistValue[] = [];
        if (t.empty) return out;
        for (;;) {
          const v = this.next();
          if (!v) throw new Error("truncated");
          if (v.close && v.name === "array") return out;
          out.push(this.value(v, depth + 1));
        }
      }
      default:
        throw new Error(`unexpected <${t.name}>`);
    }
  }

  private skipValue(t: Tag): void {
    if (t.empty || t.close || (t.name !== "dict" && t.name !== "array")) {
      if (!t.empty && !t.close && t.name !== "true" && t.name !== "false") this.text(t.name);
      return;
    }
    let depth = 1;
    while (depth > 0) {
      const n = this.next();
      if (!n) throw new Error("truncated");
      if (n.name === "dict" || n.name === "array") {
        if (n.close) depth--;
        else if (!n.empty) depth++;
      }
    }
  }

  /** The text up to `</name>`, entities decoded; leaves the position after the closing tag. */
  private text(name: string): string {
    const end = this.find(`</${name}>`);
    if (end < 0) throw new Error("truncated");
    const raw = this.buf.toString("utf8", this.pos, end);
    this.pos = end + name.length + 3;
    return raw.includes("&") ? decodeEntities(raw) : raw;
  }

  private seekElement(name: string): boolean {
    for (;;) {
      const t = this.next();
      if (!t) return false;
      if (t.name === name && !t.close) return true;
    }
  }

  /** The next element tag (comments, processing instructions and the DOCTYPE skipped), or undefined at the end. */
  private next(): Tag | undefined {
    for (;;) {
      const at = this.find(LT);
      if (at < 0) return undefined;
      this.pos = at;
      // From here `pos` is the tag's "<" (a refill moves the window, never past it).
      if (this.find(GT) < 0) return undefined;
      this.ensure(4);
      const lt = this.pos;
      const gt = this.find(GT);
      const second = this.buf[lt + 1];
      if (second === 0x21 /* ! */ && this.buf.toString("latin1", lt, lt + 4) === "<!--") {
        const end = this.find("-->", 4);
        if (end < 0) return undefined;
        this.pos = end + 3;
        continue;
      }
      this.pos = gt + 1;
      if (second === 0x3f /* ? */ || second === 0x21) continue;
      const close = second === 0x2f;
      const empty = this.buf[gt - 1] === 0x2f;
      const inner = this.buf.toString("latin1", lt + (close ? 2 : 1), empty ? gt - 1 : gt).trim();
      const name = inner.split(/\s/, 1)[0]!;
      return { name, close, empty };
    }
  }
}

interface Tag {
  name: string;
  close: boolean;
  empty: boolean;
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e === "amp") return "&";
    if (e === "lt") return "<";
    if (e === "gt") return ">";
    if (e === "quot") return '"';
    if (e === "apos") return "'";
    const code = e.startsWith("#x") ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}
