/**
 * Dylib injection: appends an LC_LOAD_DYLIB (or LC_LOAD_WEAK_DYLIB) naming `loadPath` to every
 * slice, using the padding between the load commands and the first section. File offsets do not
 * move, so fat headers stay valid. The existing signature is left in place (and becomes invalid):
 * the caller re-signs afterwards.
 */
import { AppleError } from "@gryx/apple/errors";
import {
  guardCorrupt,
  headerRoom,
  isMachO,
  LC_LOAD_DYLIB,
  LC_LOAD_WEAK_DYLIB,
  parseThin,
  splitSlices,
} from "@gryx/apple/macho";

const MAX_PATH = 1024;

export function injectDylib(binary: Buffer, loadPath: string, weak = false): Buffer {
  if (!isMachO(binary)) throw new AppleError("APPLE_BAD_MACHO", "not a Mach-O file");
  if (!loadPath || loadPath.includes("\0") || Buffer.byteLength(loadPath) > MAX_PATH) {
    throw new AppleError("APPLE_BAD_DYLIB", `bad load path "${loadPath.slice(0, 80)}"`);
  }
  const out = Buffer.from(binary);
  const { slices } = guardCorrupt(() => splitSlices(out)); // views into `out`: edits land in place
  guardCorrupt(() => slices.forEach((slice) => injectIntoSlice(slice, loadPath, weak)));
  return out;
}

/**
 * Adds the command to one slice, in place. `slice` may hold only the slice's start (its header,
 * load commands and the padding after them) when `sliceSize` gives the whole slice's size.
 */
export function injectIntoSlice(slice: Buffer, loadPath: string, weak: boolean, sliceSize = slice.length): void {
  if (!loadPath || loadPath.includes("\0") || Buffer.byteLength(loadPath) > MAX_PATH) {
    throw new AppleError("APPLE_BAD_DYLIB", `bad load path "${loadPath.slice(0, 80)}"`);
  }
  const m = parseThin(slice, sliceSize);
  if (m.dylibs.some((d) => d.name === loadPath)) return; // already linked: never duplicate
  const name = Buffer.from(`${loadPath}\0`, "utf8");
  const ptrAlign = m.is64 ? 8 : 4;
  const cmdsize = Math.ceil((24 + name.length) / ptrAlign) * ptrAlign;
  const room = headerRoom(m);
  if (room < cmdsize) {
    throw new AppleError("APPLE_NO_ROOM_FOR_LOAD_COMMAND", `need ${cmdsize} bytes, ${Math.max(0, room)} free`);
  }
  const at = m.headerSize + m.sizeofcmds;
  if (at + cmdsize > slice.length) throw new AppleError("APPLE_NO_ROOM_FOR_LOAD_COMMAND", `need ${cmdsize} bytes`);
  const cmd = Buffer.alloc(cmdsize);
  cmd.writeUInt32LE(weak ? LC_LOAD_WEAK_DYLIB : LC_LOAD_DYLIB, 0);
  cmd.writeUInt32LE(cmdsize, 4);
  cmd.writeUInt32LE(24, 8); // name offset
  cmd.writeUInt32LE(2, 12); // timestamp, as ld writes
  cmd.writeUInt32LE(0x10000, 16); // current_version 1.0.0
  cmd.writeUInt32LE(0x10000, 20); // compatibility_version 1.0.0
  name.copy(cmd, 24);
  cmd.copy(slice, at);
  slice.writeUInt32LE(m.ncmds + 1, 16);
  slice.writeUInt32LE(m.sizeofcmds + cmdsize, 20);
}
