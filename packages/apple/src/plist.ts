/**
 * Property lists as Apple writes them: XML read/write and binary (bplist00) read.
 *
 * Info.plist files inside IPAs are frequently binary, entitlements and provisioning profiles are
 * XML. Values map to plain JS: dict -> object (key order preserved), array -> array, integer and
 * real -> number, date -> Date, data -> Buffer. A number that is an integer is written back as
 * <integer>, anything else as <real>.
 */
import { AppleError } from "./errors";

export type PlistValue = string | number | boolean | Date | Buffer | PlistValue[] | PlistDict;

export interface PlistDict {
  [key: string]: PlistValue;
}

/** Malformed or unwritable plists fail with APPLE_BAD_PLIST; the detail says where. */
const plistError = (detail: string) => new AppleError("APPLE_BAD_PLIST", detail);

/** Parses XML or binary plist bytes (detected by the `bplist00` magic). */
export function parsePlist(buf: Buffer): PlistValue {
  if (buf.length >= 8 && buf.subarray(0, 8).toString("latin1") === "bplist00") {
    return parseBinaryPlist(buf);
  }
  return parseXmlPlist(buf.toString("utf8"));
}

/** C0 controls (tab, LF and CR too) and DEL: never part of a name, identifier or version read out of a plist. */
export const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;

export function isPlistDict(v: PlistValue | undefined): v is PlistDict {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v);
}

// ---------------------------------------------------------------------------------------------
// XML writer

const XML_HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
  '<plist version="1.0">\n';

/** Serializes to Apple-style XML: tab indentation, dict keys in insertion order. */
export function buildPlist(value: PlistValue): string {
  const out: string[] = [XML_HEADER];
  writeXmlValue(value, 0, out);
  out.push("</plist>\n");
  return out.join("");
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function formatDate(d: Date): string {
  if (Number.isNaN(d.getTime())) throw plistError("invalid date");
  // Apple writes whole seconds with a Z suffix.
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function writeXmlValue(v: PlistValue, depth: number, out: string[]): void {
  const ind = "\t".repeat(depth);
  if (typeof v === "string") {
    out.push(`${ind}<string>${escapeXml(v)}</string>\n`);
  } else if (typeof v === "boolean") {
    out.push(`${ind}<${v ? "true" : "false"}/>\n`);
  } else if (typeof v === "number") {
    if (!Number.isFinite(v)) throw plistError("cannot serialize non-finite number");
    if (Number.isInteger(v)) out.push(`${ind}<integer>${v}</integer>\n`);
    else out.push(`${ind}<real>${v}</real>\n`);
  } else if (v instanceof Date) {
    out.push(`${ind}<date>${formatDate(v)}</date>\n`);
  } else if (Buffer.isBuffer(v)) {
    out.push(`${ind}<data>\n`);
    const b64 = v.toString("base64");
    for (let i = 0; i < b64.length; i += 68) out.push(`${ind}${b64.slice(i, i + 68)}\n`);
    out.push(`${ind}</data>\n`);
  } else if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push(`${ind}<array/>\n`);
      return;
    }
    out.push(`${ind}<array>\n`);
    for (const item of v) writeXmlValue(item, depth + 1, out);
    out.push(`${ind}</array>\n`);
  } else if (isPlistDict(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) {
      out.push(`${ind}<dict/>\n`);
      return;
    }
    out.push(`${ind}<dict>\n`);
    for (const k of keys) {
      const item = v[k];
      if (item === undefined) continue;
      out.push(`${ind}\t<key>${escapeXml(k)}</key>\n`);
      writeXmlValue(item, depth + 1, out);
    }
    out.push(`${ind}</dict>\n`);
  } else {
    throw plistError(`cannot serialize value of type ${typeof v}`);
  }
}

// ---------------------------------------------------------------------------------------------
// XML reader: a small tokenizer over the plist vocabulary (no general XML parser needed).

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
}

class XmlCursor {
  pos = 0;
  constructor(readonly text: string) {}

  /** Skips whitespace, comments, processing instructions and DOCTYPE. */
  skipMisc(): void {
    for (;;) {
      while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
      if (this.text.startsWith("<!--", this.pos)) this.skipPast("-->");
      else if (this.text.startsWith("<?", this.pos)) this.skipPast("?>");
      else if (this.text.startsWith("<!DOCTYPE", this.pos)) this.skipPast(">");
      else return;
    }
  }

  private skipPast(end: string): void {
    const i = this.text.indexOf(end, this.pos);
    if (i < 0) throw plistError(`unterminated markup, expected ${end}`);
    this.pos = i + end.length;
  }

  readTag(): Tag {
    this.skipMisc();
    if (this.text[this.pos] !== "<") throw plistError(`expected a tag at offset ${this.pos}`);
    const end = this.text.indexOf(">", this.pos);
    if (end < 0) throw plistError("unterminated tag");
    let inner = this.text.slice(this.pos + 1, end).trim();
    this.pos = end + 1;
    const closing = inner.startsWith("/");
    if (closing) inner = inner.slice(1);
    const selfClosing = inner.endsWith("/");
    if (selfClosing) inner = inner.slice(0, -1);
    const name = inner.split(/\s/, 1)[0] ?? "";
    return { name, closing, selfClosing };
  }

  /** Reads character data up to `</name>` and consumes the closing tag. */
  readText(name: string): string {
    let out = "";
    for (;;) {
      const lt = this.text.indexOf("<", this.pos);
      if (lt < 0) throw plistError(`unterminated <${name}>`);
      out += this.text.slice(this.pos, lt);
      this.pos = lt;
      if (this.text.startsWith("<![CDATA[", lt)) {
        const e = this.text.indexOf("]]>", lt);
        if (e < 0) throw plistError("unterminated CDATA");
        out += this.text
          .slice(lt + 9, e)
          .replace(/&/g, "&amp;")
          .replace(/</g, "&lt;");
        this.pos = e + 3;
        continue;
      }
      if (this.text.startsWith("<!--", lt)) {
        const e = this.text.indexOf("-->", lt);
        if (e < 0) throw plistError("unterminated comment");
        this.pos = e + 3;
        continue;
      }
      const tag = this.readTag();
      if (!tag.closing || tag.name !== name) {
        throw plistError(`unexpected <${tag.closing ? "/" : ""}${tag.name}> inside <${name}>`);
      }
      return decodeEntities(out);
    }
  }
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_m, e: string) => {
    switch (e) {
      case "lt":
        return "<";
      case "gt":
        return ">";
      case "amp":
        return "&";
      case "quot":
        return '"';
      case "apos":
        return "'";
      default: {
        const code = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        if (!Number.isFinite(code) || code > 0x10ffff || !xmlChar(code))
          throw plistError(`bad character reference &${e};`);
        return String.fromCodePoint(code);
      }
    }
  });
}

/** XML 1.0 `Char`: tab, LF, CR and everything from U+0020 except surrogates, U+FFFE and U+FFFF. NUL and the other C0
 * controls are not characters of an XML document, written or referenced (`&#0;`). */
const xmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);
const ILLEGAL_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

const MAX_DEPTH = 512;

/** Spellings CFPropertyList accepts for non-finite reals. */
const REAL_SPECIALS = new Map<string, number>([
  ["nan", NaN],
  ["inf", Infinity],
  ["+inf", Infinity],
  ["infinity", Infinity],
  ["+infinity", Infinity],
  ["-inf", -Infinity],
  ["-infinity", -Infinity],
]);

export function parseXmlPlist(text: string): PlistValue {
  if (ILLEGAL_XML_CHAR.test(text)) throw plistError("control character in XML");
  const c = new XmlCursor(text.replace(/^\uFEFF/, ""));
  const root = c.readTag();
  if (root.name !== "plist" || root.closing) throw plistError("not a plist: missing <plist> root");
  if (root.selfClosing) throw plistError("empty plist");
  const value = readXmlValue(c, c.readTag(), 0);
  const end = c.readTag();
  if (end.name !== "plist" || !end.closing) throw plistError("expected </plist>");
  return value;
}

function readXmlValue(c: XmlCursor, tag: Tag, depth: number): PlistValue {
  if (depth > MAX_DEPTH) throw plistError("plist nested too deeply");
  if (tag.closing) throw plistError(`unexpected </${tag.name}>`);
  switch (tag.name) {
    case "true":
    case "false":
      if (!tag.selfClosing) c.readText(tag.name);
      return tag.name === "true";
    case "string":
      return tag.selfClosing ? "" : c.readText("string");
    case "integer": {
      const t = tag.selfClosing ? "" : c.readText("integer").trim();
      if (!/^[+-]?(0x[0-9a-fA-F]+|\d+)$/.test(t)) throw plistError(`bad integer "${t}"`);
      const neg = t.startsWith("-");
      const body = t.replace(/^[+-]/, "");
      const n = body.startsWith("0x") ? parseInt(body.slice(2), 16) : parseInt(body, 10);
      return neg ? -n : n;
    }
    case "real": {
      const t = tag.selfClosing ? "" : c.readText("real").trim();
      const special = REAL_SPECIALS.get(t.toLowerCase());
      if (special !== undefined) return special;
      const n = Number(t);
      if (t === "" || Number.isNaN(n)) throw plistError(`bad real "${t}"`);
      return n;
    }
    case "date": {
      const t = tag.selfClosing ? "" : c.readText("date").trim();
      const d = new Date(t);
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(t) || Number.isNaN(d.getTime())) {
        throw plistError(`bad date "${t}"`);
      }
      return d;
    }
    case "data": {
      const t = tag.selfClosing ? "" : c.readText("data").replace(/\s+/g, "");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(t)) throw plistError("bad base64 in <data>");
      return Buffer.from(t, "base64");
    }
    case "array": {
      const arr: PlistValue[] = [];
      if (tag.selfClosing) return arr;
      for (;;) {
        const t = c.readTag();
        if (t.closing && t.name === "array") return arr;
        arr.push(readXmlValue(c, t, depth + 1));
      }
    }
    case "dict": {
      const dict: PlistDict = {};
      if (tag.selfClosing) return dict;
      for (;;) {
        const t = c.readTag();
        if (t.closing && t.name === "dict") return dict;
        if (t.name !== "key" || t.closing) throw plistError(`expected <key> in <dict>, got <${t.name}>`);
        const key = t.selfClosing ? "" : c.readText("key");
        const valueTag = c.readTag();
        dict[key] = readXmlValue(c, valueTag, depth + 1);
      }
    }
    default:
      throw plistError(`unknown plist element <${tag.name}>`);
  }
}

// ---------------------------------------------------------------------------------------------
// Binary reader (bplist00)

const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);

export function parseBinaryPlist(buf: Buffer): PlistValue {
  if (buf.length < 8 + 32) throw plistError("binary plist too short");
  const trailer = buf.length - 32;
  const offsetSize = buf[trailer + 6]!;
  const refSize = buf[trailer + 7]!;
  const numObjects = readUIntBE(buf, trailer + 8, 8);
  const topObject = readUIntBE(buf, trailer + 16, 8);
  const tableOffset = readUIntBE(buf, trailer + 24, 8);
  if (offsetSize < 1 || offsetSize > 8 || refSize < 1 || refSize > 8) throw plistError("bad binary plist trailer");
  if (topObject >= numObjects || tableOffset + numObjects * offsetSize > trailer) {
    throw plistError("binary plist offset table out of range");
  }

  const objectOffset = (ref: number): number => {
    if (ref >= numObjects) throw plistError("binary plist object reference out of range");
    const off = readUIntBE(buf, tableOffset + ref * offsetSize, offsetSize);
    if (off < 8 || off >= tableOffset) throw plistError("binary plist object offset out of range");
    return off;
  };

  // Objects on the current path, to reject reference cycles.
  const active = new Set<number>();

  const readObject = (ref: number, depth: number): PlistValue => {
    if (depth > MAX_DEPTH) throw plistError("binary plist nested too deeply");
    if (active.has(ref)) throw plistError("binary plist contains a reference cycle");
    active.add(ref);
    try {
      return decodeObject(objectOffset(ref), depth);
    } finally {
      active.delete(ref);
    }
  };

  const need = (off: number, len: number): void => {
    if (off + len > tableOffset || len < 0) throw plistError("binary plist object runs past its data");
  };

  // Returns [count, offset of first payload byte].
  const readLength = (off: number, low: number): [number, number] => {
    if (low !== 0xf) return [low, off + 1];
    need(off + 1, 1);
    const marker = buf[off + 1]!;
    if (marker >> 4 !== 0x1) throw plistError("bad binary plist length marker");
    const size = 1 << (marker & 0xf);
    need(off + 2, size);
    return [readUIntBE(buf, off + 2, size), off + 2 + size];
  };

  const decodeObject = (off: number, depth: number): PlistValue => {
    need(off, 1);
    const marker = buf[off]!;
    const high = marker >> 4;
    const low = marker & 0xf;
    switch (high) {
      case 0x0:
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        throw plistError(`unsupported binary plist marker 0x${marker.toString(16)}`);
      case 0x1: {
        const size = 1 << low;
        need(off + 1, size);
        if (size === 8) return Number(buf.readBigInt64BE(off + 1));
        if (size === 16) return Number(buf.readBigInt64BE(off + 9));
        if (size > 8) throw plistError("binary plist integer too large");
        return readUIntBE(buf, off + 1, size);
      }
      case 0x2: {
        const size = 1 << low;
        need(off + 1, size);
        if (size === 4) return buf.readFloatBE(off + 1);
        if (size === 8) return buf.readDoubleBE(off + 1);
        throw plistError("bad binary plist real size");
      }
      case 0x3:
        if (marker !== 0x33) throw plistError("bad binary plist date marker");
        need(off + 1, 8);
        return new Date(APPLE_EPOCH_MS + buf.readDoubleBE(off + 1) * 1000);
      case 0x4: {
        const [len, start] = readLength(off, low);
        need(start, len);
        return Buffer.from(buf.subarray(start, start + len));
      }
      case 0x5: {
        const [len, start] = readLength(off, low);
        need(start, len);
        return buf.toString("latin1", start, start + len);
      }
      case 0x6: {
        const [len, start] = readLength(off, low);
        need(start, len * 2);
        const swapped = Buffer.from(buf.subarray(start, start + len * 2));
        swapped.swap16();
        return swapped.toString("utf16le");
      }
      case 0x8: {
        // CF$UID (keyed archives); not used by Info.plist, exposed as its integer value.
        need(off + 1, low + 1);
        return readUIntBE(buf, off + 1, low + 1);
      }
      case 0xa:
      case 0xc: {
        const [count, start] = readLength(off, low);
        need(start, count * refSize);
        const arr: PlistValue[] = [];
        for (let i = 0; i < count; i++) arr.push(readObject(readUIntBE(buf, start + i * refSize, refSize), depth + 1));
        return arr;
      }
      case 0xd: {
        const [count, start] = readLength(off, low);
        need(start, count * 2 * refSize);
        const dict: PlistDict = {};
        for (let i = 0; i < count; i++) {
          const key = readObject(readUIntBE(buf, start + i * refSize, refSize), depth + 1);
          if (typeof key !== "string") throw plistError("binary plist dict key is not a string");
          dict[key] = readObject(readUIntBE(buf, start + (count + i) * refSize, refSize), depth + 1);
        }
        return dict;
      }
      default:
        throw plistError(`unsupported binary plist marker 0x${marker.toString(16)}`);
    }
  };

  return readObject(topObject, 0);
}

function readUIntBE(buf: Buffer, off: number, size: number): number {
  if (off < 0 || off + size > buf.length) throw plistError("binary plist read out of range");
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + buf[off + i]!;
  if (!Number.isSafeInteger(v)) throw plistError("binary plist integer out of range");
  return v;
}
