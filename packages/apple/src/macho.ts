/**
 * Mach-O container parsing: thin 32/64-bit little-endian images (everything iOS runs) and fat
 * (universal) wrappers. Only what signing and injection need is decoded; every offset read from
 * the file is bounds-checked so hostile binaries fail with APPLE_BAD_MACHO instead of crashing.
 */
import { AppleError } from "./errors";

export const MH_MAGIC = 0xfeedface;
export const MH_MAGIC_64 = 0xfeedfacf;
export const FAT_MAGIC = 0xcafebabe;
export const FAT_MAGIC_64 = 0xcafebabf;

export const MH_EXECUTE = 0x2;
export const MH_DYLIB = 0x6;
export const MH_BUNDLE = 0x8;

export const CPU_TYPE_ARM = 12;
export const CPU_TYPE_ARM64 = 0x0100000c;
export const CPU_TYPE_X86_64 = 0x01000007;

export const LC_SEGMENT = 0x1;
export const LC_LOAD_DYLIB = 0xc;
export const LC_ID_DYLIB = 0xd;
export const LC_SEGMENT_64 = 0x19;
export const LC_CODE_SIGNATURE = 0x1d;
export const LC_LAZY_LOAD_DYLIB = 0x20;
export const LC_ENCRYPTION_INFO = 0x21;
export const LC_ENCRYPTION_INFO_64 = 0x2c;
export const LC_VERSION_MIN_MACOSX = 0x24;
export const LC_VERSION_MIN_IPHONEOS = 0x25;
export const LC_VERSION_MIN_TVOS = 0x2f;
export const LC_VERSION_MIN_WATCHOS = 0x30;
export const LC_BUILD_VERSION = 0x32;
// `| 0x80000000` would give a negative int32 in JS; load commands are read as unsigned.
export const LC_REQ_DYLD = 0x80000000;
export const LC_LOAD_WEAK_DYLIB = LC_REQ_DYLD + 0x18;
export const LC_REEXPORT_DYLIB = LC_REQ_DYLD + 0x1f;
export const LC_LOAD_UPWARD_DYLIB = LC_REQ_DYLD + 0x23;

/** Load commands that name a dylib the image links against. */
export const DYLIB_LOAD_COMMANDS = new Set([
  LC_LOAD_DYLIB,
  LC_LOAD_WEAK_DYLIB,
  LC_REEXPORT_DYLIB,
  LC_LAZY_LOAD_DYLIB,
  LC_LOAD_UPWARD_DYLIB,
]);

export interface LoadCommand {
  cmd: number;
  /** Offset of the command within the slice. */
  offset: number;
  size: number;
}

export interface Section {
  sectname: string;
  segname: string;
  offset: number;
  size: number;
  flags: number;
}

export interface Segment {
  name: string;
  cmdOffset: number;
  vmaddr: number;
  vmsize: number;
  fileoff: number;
  filesize: number;
  sections: Section[];
}

export interface ThinMachO {
  is64: boolean;
  cputype: number;
  cpusubtype: number;
  filetype: number;
  ncmds: number;
  sizeofcmds: number;
  headerSize: number;
  commands: LoadCommand[];
  segments: Segment[];
  codeSignature?: { cmdOffset: number; dataoff: number; datasize: number };
  encryption?: { cmdOffset: number; cryptoff: number; cryptsize: number; cryptid: number };
  /** Names of linked dylibs (LC_LOAD_DYLIB and friends). */
  dylibs: { cmd: number; name: string; cmdOffset: number }[];
  /** Install name from LC_ID_DYLIB, for dylibs and frameworks. */
  installName?: string;
  /**
   * The platform and minimum OS the image was built for (LC_BUILD_VERSION, or an older LC_VERSION_MIN_*): platform
   * as LC_BUILD_VERSION numbers it (1 macOS, 2 iOS, 3 tvOS, 4 watchOS, ...), version as nibbles xxxx.yy.zz.
   */
  target?: { platform: number; minos: number };
}

export interface FatArch {
  cputype: number;
  cpusubtype: number;
  offset: number;
  size: number;
  align: number;
}

export function corrupt(detail: string): never {
  throw new AppleError("APPLE_BAD_MACHO", detail);
}

/**
 * Runs `fn`, turning a RangeError (a read past a buffer's end that the explicit checks missed
 * on hostile input) into APPLE_BAD_MACHO so callers only ever see AppleErrors for bad files.
 */
export function guardCorrupt<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof RangeError) corrupt(e.message);
    throw e;
  }
}

/** True when the buffer starts with a thin (32/64, little-endian) or fat Mach-O magic. */
export function isMachO(buf: Buffer): boolean {
  if (buf.length < 8) return false;
  const le = buf.readUInt32LE(0);
  if (le === MH_MAGIC || le === MH_MAGIC_64) return true;
  const be = buf.readUInt32BE(0);
  // 0xcafebabe is also the Java class-file magic; those have a major version >= 45 where a fat
  // header has its (small) architecture count.
  return (be === FAT_MAGIC || be === FAT_MAGIC_64) && buf.readUInt32BE(4) > 0 && buf.readUInt32BE(4) < 45;
}

export function isFat(buf: Buffer): boolean {
  if (buf.length < 8) return false;
  const be = buf.readUInt32BE(0);
  return be === FAT_MAGIC || be === FAT_MAGIC_64;
}

function cstring(buf: Buffer, start: number, maxEnd: number): string {
  const end = Math.min(maxEnd, buf.length);
  let i = start;
  while (i < end && buf[i] !== 0) i++;
  return buf.toString("utf8", start, i);
}

function readU64(buf: Buffer, off: number): number {
  const v = buf.readBigUInt64LE(off);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) corrupt("64-bit field out of range");
  return Number(v);
}

/**
 * Parses a fat header. `fileSize` is the whole file's size when `buf` holds only its start
 * (streaming callers); slices are bounds-checked against it.
 */
export function parseFat(buf: Buffer, fileSize = buf.length): FatArch[] {
  const magic = buf.readUInt32BE(0);
  const is64 = magic === FAT_MAGIC_64;
  const n = buf.readUInt32BE(4);
  const entrySize = is64 ? 32 : 20;
  if (n === 0 || n > 64 || 8 + n * entrySize > buf.length) corrupt("bad fat header");
  const archs: FatArch[] = [];
  for (let i = 0; i < n; i++) {
    const o = 8 + i * entrySize;
    const arch: FatArch = is64
      ? {
          cputype: buf.readInt32BE(o),
          cpusubtype: buf.readInt32BE(o + 4),
          offset: Number(buf.readBigUInt64BE(o + 8)),
          size: Number(buf.readBigUInt64BE(o + 16)),
          align: buf.readUInt32BE(o + 24),
        }
      : {
          cputype: buf.readInt32BE(o),
          cpusubtype: buf.readInt32BE(o + 4),
          offset: buf.readUInt32BE(o + 8),
          size: buf.readUInt32BE(o + 12),
          align: buf.readUInt32BE(o + 16),
        };
    if (arch.offset < 8 + n * entrySize || arch.offset + arch.size > fileSize || arch.size < 28 || arch.align > 20) {
      corrupt(`fat slice ${i} out of range`);
    }
    archs.push(arch);
  }
  return archs;
}

/** The slices of a fat or thin file as views into `buf`. */
export function splitSlices(buf: Buffer): { fat: boolean; archs: FatArch[]; slices: Buffer[] } {
  if (isFat(buf)) {
    const archs = parseFat(buf);
    return { fat: true, archs, slices: archs.map((a) => buf.subarray(a.offset, a.offset + a.size)) };
  }
  return { fat: false, archs: [], slices: [buf] };
}

/** Page-size alignment exponent lipo uses for a CPU type (16 KiB for ARM, 4 KiB otherwise). */
export function sliceAlignFor(cputype: number): number {
  return cputype === CPU_TYPE_ARM || cputype === CPU_TYPE_ARM64 ? 14 : 12;
}

/** Rebuilds a fat (32-bit header) file from slices, aligning each to 2^align. */
export function buildFat(archs: { cputype: number; cpusubtype: number; align: number }[], slices: Buffer[]): Buffer {
  const headerSize = 8 + archs.length * 20;
  const header = Buffer.alloc(headerSize);
  header.writeUInt32BE(FAT_MAGIC, 0);
  header.writeUInt32BE(archs.length, 4);
  const parts: Buffer[] = [header];
  let offset = headerSize;
  archs.forEach((a, i) => {
    const slice = slices[i]!;
    const alignment = 2 ** a.align;
    const start = Math.ceil(offset / alignment) * alignment;
    if (start > offset) parts.push(Buffer.alloc(start - offset));
    if (start + slice.length > 0xffffffff) throw new AppleError("APPLE_BAD_MACHO", "fat slice beyond 4 GiB");
    const o = 8 + i * 20;
    header.writeInt32BE(a.cputype, o);
    header.writeInt32BE(a.cpusubtype, o + 4);
    header.writeUInt32BE(start, o + 8);
    header.writeUInt32BE(slice.length, o + 12);
    header.writeUInt32BE(a.align, o + 16);
    parts.push(slice);
    offset = start + slice.length;
  });
  return Buffer.concat(parts);
}

/**
 * Parses a thin image's header and load commands. `sliceSize` is the image's size when `buf`
 * holds only its start (at least the header and load commands; streaming callers): segments and
 * the signature are bounds-checked against it.
 */
export function parseThin(buf: Buffer, sliceSize = buf.length): ThinMachO {
  if (buf.length < 28) corrupt("file too small for a Mach-O header");
  const magic = buf.readUInt32LE(0);
  if (magic !== MH_MAGIC && magic !== MH_MAGIC_64) corrupt("bad Mach-O magic");
  const is64 = magic === MH_MAGIC_64;
  const headerSize = is64 ? 32 : 28;
  if (buf.length < headerSize) corrupt("truncated Mach-O header");
  const m: ThinMachO = {
    is64,
    cputype: buf.readInt32LE(4),
    cpusubtype: buf.readInt32LE(8),
    filetype: buf.readUInt32LE(12),
    ncmds: buf.readUInt32LE(16),
    sizeofcmds: buf.readUInt32LE(20),
    headerSize,
    commands: [],
    segments: [],
    dylibs: [],
  };
  const cmdsEnd = headerSize + m.sizeofcmds;
  if (cmdsEnd > buf.length) corrupt("load commands extend past the end of the file");
  if (m.ncmds > m.sizeofcmds / 8) corrupt("ncmds inconsistent with sizeofcmds");

  let off = headerSize;
  for (let i = 0; i < m.ncmds; i++) {
    if (off + 8 > cmdsEnd) corrupt(`load command ${i} out of range`);
    const cmd = buf.readUInt32LE(off);
    const size = buf.readUInt32LE(off + 4);
    if (size < 8 || size % 4 !== 0 || off + size > cmdsEnd) corrupt(`load command ${i} has bad size ${size}`);
    m.commands.push({ cmd, offset: off, size });
    parseCommand(buf, m, cmd, off, size);
    off += size;
  }
  for (const s of m.segments) {
    if (s.filesize > 0 && s.fileoff + s.filesize > sliceSize)
      corrupt(`segment ${s.name} extends past the end of the file`);
  }
  if (m.codeSignature) {
    const cs = m.codeSignature;
    if (cs.dataoff + cs.datasize > sliceSize || cs.dataoff < cmdsEnd) corrupt("code signature out of range");
  }
  return m;
}

function parseCommand(buf: Buffer, m: ThinMachO, cmd: number, off: number, size: number): void {
  const need = (n: number) => {
    if (size < n) corrupt(`load command 0x${cmd.toString(16)} too small`);
  };
  if (cmd === LC_SEGMENT_64 || cmd === LC_SEGMENT) {
    const is64 = cmd === LC_SEGMENT_64;
    const headLen = is64 ? 72 : 56;
    const sectLen = is64 ? 80 : 68;
    need(headLen);
    const seg: Segment = is64
      ? {
          name: cstring(buf, off + 8, off + 24),
          cmdOffset: off,
          vmaddr: readU64(buf, off + 24),
          vmsize: readU64(buf, off + 32),
          fileoff: readU64(buf, off + 40),
          filesize: readU64(buf, off + 48),
          sections: [],
        }
      : {
          name: cstring(buf, off + 8, off + 24),
          cmdOffset: off,
          vmaddr: buf.readUInt32LE(off + 24),
          vmsize: buf.readUInt32LE(off + 28),
          fileoff: buf.readUInt32LE(off + 32),
          filesize: buf.readUInt32LE(off + 36),
          sections: [],
        };
    const nsects = buf.readUInt32LE(off + (is64 ? 64 : 48));
    if (headLen + nsects * sectLen > size) corrupt(`segment ${seg.name} section count out of range`);
    for (let j = 0; j < nsects; j++) {
      const s = off + headLen + j * sectLen;
      seg.sections.push({
        sectname: cstring(buf, s, s + 16),
        segname: cstring(buf, s + 16, s + 32),
        size: is64 ? readU64(buf, s + 40) : buf.readUInt32LE(s + 36),
        offset: buf.readUInt32LE(s + (is64 ? 48 : 40)),
        flags: buf.readUInt32LE(s + (is64 ? 64 : 56)),
      });
    }
    m.segments.push(seg);
  } else if (cmd === LC_CODE_SIGNATURE) {
    need(16);
    m.codeSignature = { cmdOffset: off, dataoff: buf.readUInt32LE(off + 8), datasize: buf.readUInt32LE(off + 12) };
  } else if (cmd === LC_ENCRYPTION_INFO || cmd === LC_ENCRYPTION_INFO_64) {
    need(20);
    m.encryption = {
      cmdOffset: off,
      cryptoff: buf.readUInt32LE(off + 8),
      cryptsize: buf.readUInt32LE(off + 12),
      cryptid: buf.readUInt32LE(off + 16),
    };
  } else if (cmd === LC_BUILD_VERSION) {
    need(16);
    m.target ??= { platform: buf.readUInt32LE(off + 8), minos: buf.readUInt32LE(off + 12) };
  } else if (VERSION_MIN_PLATFORMS.has(cmd)) {
    need(16);
    m.target ??= { platform: VERSION_MIN_PLATFORMS.get(cmd)!, minos: buf.readUInt32LE(off + 8) };
  } else if (DYLIB_LOAD_COMMANDS.has(cmd) || cmd === LC_ID_DYLIB) {
    need(24);
    const nameOff = buf.readUInt32LE(off + 8);
    if (nameOff < 24 || nameOff >= size) corrupt("dylib command name offset out of range");
    const name = cstring(buf, off + nameOff, off + size);
    if (cmd === LC_ID_DYLIB) m.installName = name;
    else m.dylibs.push({ cmd, name, cmdOffset: off });
  }
}

/** The platform each LC_VERSION_MIN_* command stands for, numbered as LC_BUILD_VERSION numbers them. */
const VERSION_MIN_PLATFORMS = new Map([
  [LC_VERSION_MIN_MACOSX, 1],
  [LC_VERSION_MIN_IPHONEOS, 2],
  [LC_VERSION_MIN_TVOS, 3],
  [LC_VERSION_MIN_WATCHOS, 4],
]);

/** A version as Mach-O load commands encode it (xxxx.yy.zz in nibbles). */
export const machOVersion = (major: number, minor = 0, patch = 0) => (major << 16) | (minor << 8) | patch;

/**
 * Whether an image built for `target` needs a SHA-1 CodeDirectory beside the SHA-256 one: the systems that check
 * SHA-256 code directories are macOS 10.11.4 and iOS/tvOS 11 on; watchOS keeps SHA-1, and Apple's newer platforms
 * (Mac Catalyst, the simulators, DriverKit, visionOS) never needed it. codesign signs the same way: a second, SHA-1
 * directory only for a deployment target older than that. An image that names no target keeps both (the safe side).
 */
export function needsSha1CodeDirectory(target: ThinMachO["target"]): boolean {
  if (!target) return true;
  switch (target.platform) {
    case 1:
      return target.minos < machOVersion(10, 11, 4);
    case 2:
    case 3:
      return target.minos < machOVersion(11);
    case 4:
      return true;
    case 6: // Mac Catalyst
    case 7: // iOS simulator
    case 8: // tvOS simulator
    case 9: // watchOS simulator
    case 10: // DriverKit
    case 11: // visionOS
    case 12: // visionOS simulator
      return false;
    default:
      return true;
  }
}

export function findSegment(m: ThinMachO, name: string): Segment | undefined {
  return m.segments.find((s) => s.name === name);
}

/** S_ZEROFILL-style sections occupy no file space; their offset field is meaningless. */
function occupiesFile(s: Section): boolean {
  const type = s.flags & 0xff;
  return s.size > 0 && type !== 0x1 && type !== 0xc && type !== 0x12;
}

/** Free bytes between the end of the load commands and the first section/segment contents. */
export function headerRoom(m: ThinMachO): number {
  let first = Infinity;
  for (const seg of m.segments) {
    for (const s of seg.sections) if (occupiesFile(s) && s.offset > 0) first = Math.min(first, s.offset);
    if (seg.sections.length === 0 && seg.filesize > 0 && seg.fileoff > 0) first = Math.min(first, seg.fileoff);
  }
  if (first === Infinity) first = 0;
  return first - (m.headerSize + m.sizeofcmds);
}

export interface SliceInfo {
  cputype: number;
  cpusubtype: number;
  encrypted: boolean;
  signed: boolean;
  fileType: number;
}

export function machOInfo(binary: Buffer): { fat: boolean; slices: SliceInfo[] } {
  if (!isMachO(binary)) corrupt("not a Mach-O file");
  const { fat, slices } = splitSlices(binary);
  return {
    fat,
    slices: slices.map((s) => {
      const m = parseThin(s);
      return {
        cputype: m.cputype,
        cpusubtype: m.cpusubtype,
        encrypted: (m.encryption?.cryptid ?? 0) !== 0,
        signed: !!m.codeSignature && m.codeSignature.datasize > 0,
        fileType: m.filetype,
      };
    }),
  };
}

export function cpuName(cputype: number, cpusubtype: number): string {
  if (cputype === CPU_TYPE_ARM64) return (cpusubtype & 0xff) === 2 ? "arm64e" : "arm64";
  if (cputype === CPU_TYPE_ARM)
    return ({ 9: "armv7", 11: "armv7s", 12: "armv7k" } as Record<number, string>)[cpusubtype] ?? "arm";
  if (cputype === CPU_TYPE_X86_64) return "x86_64";
  return `cpu${cputype}`;
}
