/**
 * Byte-level constants and helpers of the zip format (APPNOTE.TXT) shared by the reader and the
 * writer. Only what we need: stored and deflated entries, zip64, unix attributes.
 */

export const SIG_LOCAL_HEADER = 0x04034b50;
export const SIG_CENTRAL_HEADER = 0x02014b50;
export const SIG_DATA_DESCRIPTOR = 0x08074b50;
export const SIG_EOCD = 0x06054b50;
export const SIG_ZIP64_EOCD = 0x06064b50;
export const SIG_ZIP64_LOCATOR = 0x07064b50;

export const LOCAL_HEADER_SIZE = 30;
export const CENTRAL_HEADER_SIZE = 46;
export const EOCD_SIZE = 22;
export const ZIP64_EOCD_SIZE = 56;
export const ZIP64_LOCATOR_SIZE = 20;
export const ZIP64_EXTRA_ID = 0x0001;

export const METHOD_STORED = 0;
export const METHOD_DEFLATED = 8;

/** General purpose flag bits. */
export const FLAG_ENCRYPTED = 0x0001;
export const FLAG_DATA_DESCRIPTOR = 0x0008;
export const FLAG_UTF8 = 0x0800;

/** 0xFFFFFFFF in a 32-bit size/offset field means "see the zip64 extra field". */
export const MAX_UINT32 = 0xffffffff;
export const MAX_UINT16 = 0xffff;

/** "version made by" high byte 3 = UNIX: the high 16 bits of external attributes are st_mode. */
export const HOST_UNIX = 3;
export const VERSION_MADE_BY_UNIX = (HOST_UNIX << 8) | 45;
export const VERSION_NEEDED_DEFAULT = 20;
export const VERSION_NEEDED_ZIP64 = 45;

export const S_IFMT = 0o170000;
export const S_IFDIR = 0o040000;
export const S_IFREG = 0o100000;
export const S_IFLNK = 0o120000;

/** Packs a Date into MS-DOS date (high 16 bits) and time (low 16 bits), local time like zip(1). */
export function toDosDateTime(d: Date): number {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  const date = ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
  return ((date << 16) | time) >>> 0;
}

/** Reads a little-endian 64-bit value that must fit in a JS number (2^53), as zip sizes do in practice. */
export function readUInt64(buf: Buffer, offset: number): number {
  const v = buf.readBigUInt64LE(offset);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("64-bit zip field exceeds 2^53");
  return Number(v);
}

export function writeUInt64(buf: Buffer, value: number, offset: number): void {
  buf.writeBigUInt64LE(BigInt(value), offset);
}

/** Unix mode carried in external attributes, or 0 when the archive was made on another host. */
export function unixModeOf(versionMadeBy: number, externalAttributes: number): number {
  return versionMadeBy >> 8 === HOST_UNIX ? externalAttributes >>> 16 : 0;
}
