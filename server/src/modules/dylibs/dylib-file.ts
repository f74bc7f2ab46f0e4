import fs from "node:fs";

/**
 * Recognises an uploaded dylib plugin by its bytes, never by its name: a Mach-O dynamic library (thin, either
 * byte order, or a fat/universal file whose first slice is one) or a Debian package (an ar archive whose first
 * member is `debian-binary`, as dpkg requires).
 */
export type DylibFormat = "dylib" | "deb";

const MH_MAGIC_64 = 0xfeedfacf;
const MH_CIGAM_64 = 0xcffaedfe;
const MH_MAGIC = 0xfeedface;
const MH_CIGAM = 0xcefaedfe;
const FAT_MAGIC = 0xcafebabe;
const MH_DYLIB = 6;
const AR_MAGIC = "!<arch>\n";

export async function sniffDylibFile(file: string): Promise<DylibFormat | null> {
  const fh = await fs.promises.open(file, "r");
  try {
    const head = await readAt(fh, 0, 72);
    if (head.length >= 24 && head.toString("latin1", 0, 8) === AR_MAGIC) {
      // First member header: 16-byte name ("debian-binary/" in GNU ar, "debian-binary   " in BSD/dpkg ar).
      return /^debian-binary[/ ]*$/.test(head.toString("latin1", 8, 24)) ? "deb" : null;
    }
    if (head.length < 16) return null;
    if (isThinDylib(head)) return "dylib";
    if (head.readUInt32BE(0) === FAT_MAGIC) {
      // Java class files share this magic; their "count" is a version number far above any real slice count.
      const count = head.readUInt32BE(4);
      if (count < 1 || count > 16) return null;
      const offset = head.readUInt32BE(8 + 8); // fat_arch[0]: cputype, cpusubtype, offset, size, align
      const slice = await readAt(fh, offset, 16);
      return slice.length === 16 && isThinDylib(slice) ? "dylib" : null;
    }
    return null;
  } finally {
    await fh.close();
  }
}

function isThinDylib(b: Buffer): boolean {
  const magic = b.readUInt32BE(0);
  if (magic === MH_MAGIC_64 || magic === MH_MAGIC) return b.readUInt32BE(12) === MH_DYLIB;
  if (magic === MH_CIGAM_64 || magic === MH_CIGAM) return b.readUInt32LE(12) === MH_DYLIB;
  return false;
}

async function readAt(fh: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}
