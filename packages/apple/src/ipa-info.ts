import { AppleError, isAppleError } from "./errors";
import { CONTROL_CHARS, isPlistDict, parsePlist, type PlistDict, type PlistValue } from "./plist";
import { readPngHeader, toStandardPng } from "./cgbi";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./zip/limits";
import { ZipReader, type ZipEntry } from "./zip/reader";

/** What the catalogue needs to know about an uploaded IPA. */
export interface IpaInfo {
  bundleId: string;
  /** CFBundleShortVersionString, else CFBundleVersion. */
  version: string;
  /** CFBundleVersion. */
  build: string;
  /** CFBundleDisplayName, else CFBundleName, else the executable name. */
  name: string;
  minOsVersion: string | null;
  /** The largest app icon as a standard PNG (CgBI icons converted), or null when the app has none usable. */
  icon: { png: Buffer; width: number; height: number } | null;
  /** Bytes of the IPA file. */
  size: number;
}

/** An Info.plist is a few KB; anything beyond this is not one. */
const MAX_INFO_PLIST = 1024 * 1024;
/** Icon files are small; a "icon" larger than this is skipped rather than inflated. */
const MAX_ICON_FILE = 4 * 1024 * 1024;
const APP_DIR = /^Payload\/([^/]+\.app)\//;

/**
 * Reads the main app's Info.plist and icon out of an IPA without extracting it. The archive goes through the
 * signer's zip reader, so unsafe names and zip bombs (declared or lying sizes) are refused the same way.
 * Unusable files fail with an AppleError (APPLE_BAD_ZIP, APPLE_NO_APP_BUNDLE, APPLE_NO_INFO_PLIST...); an
 * unreadable file with APPLE_IO_ERROR.
 */
export async function inspectIpa(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<IpaInfo> {
  const zip = await ZipReader.open(filePath, limits);
  try {
    return await readInfo(zip);
  } finally {
    await zip.close();
  }
}

async function readInfo(zip: ZipReader): Promise<IpaInfo> {
  const appDirs = [
    ...new Set(
      Array.from({ length: zip.count }, (_, i) => APP_DIR.exec(zip.nameAt(i))?.[1]).filter((d): d is string => !!d),
    ),
  ].sort();
  if (appDirs.length === 0) throw new AppleError("APPLE_NO_APP_BUNDLE");
  // One app per IPA; should an archive hold several, the first with an Info.plist is taken.
  let appDir = "";
  let plistEntry: ZipEntry | undefined;
  for (const dir of appDirs) {
    plistEntry = zip.find(`Payload/${dir}/Info.plist`);
    if (plistEntry && (plistEntry.isDirectory || plistEntry.isSymlink)) plistEntry = undefined;
    if (plistEntry) {
      appDir = `Payload/${dir}/`;
      break;
    }
  }
  if (!plistEntry) throw new AppleError("APPLE_NO_INFO_PLIST");
  if (plistEntry.uncompressedSize > MAX_INFO_PLIST)
    throw new AppleError("APPLE_BAD_INFO_PLIST", `${plistEntry.uncompressedSize} 字节`);

  let info: PlistValue;
  try {
    info = parsePlist(await zip.readEntry(plistEntry));
  } catch (e) {
    if (isAppleError(e) && e.code === "APPLE_BAD_PLIST") throw new AppleError("APPLE_BAD_INFO_PLIST", e.detail);
    throw e;
  }
  if (!isPlistDict(info)) throw new AppleError("APPLE_BAD_INFO_PLIST", "根节点不是字典");

  const bundleId = str(info.CFBundleIdentifier);
  if (!bundleId) throw new AppleError("APPLE_NO_BUNDLE_ID");
  const build = str(info.CFBundleVersion);
  const version = str(info.CFBundleShortVersionString) || build;
  const name = str(info.CFBundleDisplayName) || str(info.CFBundleName) || str(info.CFBundleExecutable) || bundleId;

  return {
    bundleId,
    version,
    build,
    name,
    minOsVersion: str(info.MinimumOSVersion) || null,
    icon: await largestIcon(zip, appDir, info),
    size: zip.fileSize,
  };
}

/** Names, identifiers and versions are one line of text: a control character (NUL…) or a string past 1,024
 * characters means the plist is not a real app's, refused before anything is stored. */
const MAX_FIELD = 1024;
function str(v: PlistValue | undefined): string {
  const s = typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
  if (CONTROL_CHARS.test(s)) throw new AppleError("APPLE_BAD_INFO_PLIST", "字段含有控制字符");
  if (s.length > MAX_FIELD) throw new AppleError("APPLE_BAD_INFO_PLIST", "字段过长");
  return s;
}

/** Base names of the icon files the plist declares (iPhone, iPad and legacy keys). */
export function declaredIconNames(info: PlistDict): string[] {
  const names: string[] = [];
  const addFiles = (v: PlistValue | undefined) => {
    if (Array.isArray(v)) for (const n of v) if (typeof n === "string" && n) names.push(n);
  };
  for (const key of ["CFBundleIcons", "CFBundleIcons~ipad"]) {
    const icons = info[key];
    if (isPlistDict(icons) && isPlistDict(icons.CFBundlePrimaryIcon))
      addFiles(icons.CFBundlePrimaryIcon.CFBundleIconFiles);
  }
  addFiles(info.CFBundleIconFiles);
  if (typeof info.CFBundleIconFile === "string" && info.CFBundleIconFile) names.push(info.CFBundleIconFile);
  return [...new Set(names.map((n) => n.replace(/\.png$/i, "").toLowerCase()))];
}

/**
 * The largest icon in the app directory: files named after a declared icon (AppIcon60x60 ->
 * AppIcon60x60@2x.png, AppIcon60x60@3x.png, AppIcon60x60@2x~ipad.png...), or, when none is declared, the
 * usual AppIcon*.png / Icon*.png names. Damaged or unconvertible images are passed over.
 */
async function largestIcon(zip: ZipReader, appDir: string, info: PlistDict): Promise<IpaInfo["icon"]> {
  const declared = declaredIconNames(info);
  const matches = (file: string) => {
    const lower = file.toLowerCase();
    if (!lower.endsWith(".png")) return false;
    if (declared.length === 0) return /^(appicon|icon)/.test(lower);
    return declared.some(
      (base) => lower === `${base}.png` || lower.startsWith(`${base}@`) || lower.startsWith(`${base}~`),
    );
  };
  const candidates: ZipEntry[] = [];
  for (const e of zip.iterate()) {
    if (e.isDirectory || e.isSymlink || !e.name.startsWith(appDir)) continue;
    const rest = e.name.slice(appDir.length);
    if (!rest.includes("/") && e.uncompressedSize <= MAX_ICON_FILE && matches(rest)) candidates.push(e);
  }
  const read: { png: Buffer; width: number; height: number; bytes: number }[] = [];
  for (const entry of candidates) {
    let data: Buffer;
    try {
      data = await zip.readEntry(entry);
    } catch (e) {
      // A damaged icon is not worth refusing the app for; a lying size (zip bomb) is.
      if (e instanceof AppleError && e.code === "APPLE_ZIP_BOMB") throw e;
      continue;
    }
    const header = readPngHeader(data);
    if (header) read.push({ png: data, width: header.width, height: header.height, bytes: data.length });
  }
  read.sort((a, b) => b.width * b.height - a.width * a.height || b.bytes - a.bytes);
  for (const icon of read) {
    const png = toStandardPng(icon.png);
    if (png) return { png, width: icon.width, height: icon.height };
  }
  return null;
}
