/**
 * The bundle structure of an app inside an IPA, worked out from entry names alone: which
 * directories are bundles (the app, frameworks, app extensions, Watch apps and their nested
 * bundles), which bundle each file belongs to, and the order to sign them in (inside-out).
 */
import path from "node:path";
import type { MobileProvision } from "@gryx/apple/mobileprovision";
import { isPlistDict, parsePlist, type PlistDict, type PlistValue } from "@gryx/apple/plist";
import { AppleError } from "@gryx/apple/errors";
import { isMachO } from "@gryx/apple/macho";

/**
 * app and appex carry a profile and entitlements; framework, xctest and bundle (a loadable bundle
 * recognised by its structure: Info.plist naming a CFBundleExecutable that is a Mach-O) do not.
 */
type BundleKind = "app" | "appex" | "framework" | "xctest" | "bundle";

export interface BundleDir {
  /** Archive path with a trailing slash, e.g. "Payload/Demo.app/PlugIns/Share.appex/". */
  dir: string;
  kind: BundleKind;
  depth: number;
}

export interface Bundle extends BundleDir {
  infoPlistPath: string;
  info: PlistDict;
  /** Archive path of the main executable. */
  executablePath: string;
  bundleId: string;
}

const BUNDLE_EXTENSIONS: Record<string, BundleKind> = {
  ".app": "app",
  ".appex": "appex",
  ".framework": "framework",
  ".xctest": "xctest",
};

/** `Payload/<X>.app/`, the only app an IPA may carry. */
export function findAppDir(names: Iterable<string>): string {
  const apps = new Set<string>();
  for (const n of names) {
    const m = /^Payload\/([^/]+\.app)\//.exec(n);
    if (m) apps.add(`Payload/${m[1]}/`);
  }
  if (apps.size === 0) throw new AppleError("APPLE_NO_APP_BUNDLE");
  if (apps.size > 1) throw new AppleError("APPLE_NO_APP_BUNDLE", `Payload 中有多个应用：${[...apps].join(", ")}`);
  return [...apps][0];
}

/** The deepest bundle that contains `name`. `dirs` must be sorted deepest first. */
export function owningBundle<T extends BundleDir>(dirs: readonly T[], name: string): T | undefined {
  return dirs.find((d) => name.startsWith(d.dir));
}

/** Parses a bundle's Info.plist and resolves its executable and identifier. */
export function loadBundle(dir: BundleDir, infoPlist: Buffer): Bundle {
  let info;
  try {
    info = parsePlist(infoPlist);
  } catch (e) {
    throw new AppleError("APPLE_BAD_MACHO", `${dir.dir}Info.plist 无法解析：${(e as Error).message}`);
  }
  if (!isPlistDict(info)) throw new AppleError("APPLE_BAD_MACHO", `${dir.dir}Info.plist 不是字典`);
  const base = path.posix.basename(dir.dir);
  const exe = typeof info.CFBundleExecutable === "string" ? info.CFBundleExecutable : base.replace(/\.[^.]+$/, "");
  if (exe.includes("/") || exe === "." || exe === "..")
    throw new AppleError("APPLE_UNSAFE_PATH", `CFBundleExecutable ${exe}`);
  // Code bundles other than apps and extensions may lack an identifier: codesign then uses the executable's name.
  const bundleId =
    typeof info.CFBundleIdentifier === "string" ? info.CFBundleIdentifier : hasProvisioningProfile(dir) ? "" : exe;
  if (!bundleId) throw new AppleError("APPLE_BAD_MACHO", `${dir.dir}Info.plist 缺少 CFBundleIdentifier`);
  return { ...dir, infoPlistPath: `${dir.dir}Info.plist`, info, executablePath: dir.dir + exe, bundleId };
}

/** Whether a file is sealed in `bundle`'s CodeResources (everything but its executable and signature). */
export function isSealedBy(bundle: Bundle, name: string): boolean {
  return (
    name.startsWith(bundle.dir) &&
    name !== bundle.executablePath &&
    !name.startsWith(`${bundle.dir}_CodeSignature/`) &&
    !name.endsWith("/")
  );
}

/** Bundles that carry their own provisioning profile and entitlements: apps and app extensions. */
export function hasProvisioningProfile(bundle: BundleDir): boolean {
  return bundle.kind === "app" || bundle.kind === "appex";
}

/** Where a file stands in a bundle's seal. */
export type SealScope = "own" | "nested" | "none";

/**
 * "own": sealed by `bundle` itself (a resource, or loose code sealed by its cdhash); "nested":
 * inside a deeper bundle, which seals it; "none": outside the bundle, its executable, its
 * signature or a directory. `bundles` sorted deepest first.
 */
export function sealScope(bundles: readonly BundleDir[], bundle: Bundle, name: string): SealScope {
  if (!isSealedBy(bundle, name)) return "none";
  return owningBundle(bundles, name) === bundle ? "own" : "nested";
}

/** The bundles nested directly in `bundle` (the nearest enclosing bundle is `bundle`). */
export function childBundles<T extends BundleDir>(bundles: readonly T[], bundle: BundleDir): T[] {
  return bundles.filter(
    (x) =>
      x !== bundle &&
      x.dir.startsWith(bundle.dir) &&
      owningBundle(
        bundles.filter((y) => y !== x),
        x.dir,
      ) === bundle,
  );
}

/** What reading code out of an archive needs: the entry's first bytes and whole small entries. */
export interface EntryPeeker<E extends { name: string }> {
  peek(entry: E, n: number): Promise<Buffer>;
  readEntry(entry: E): Promise<Buffer>;
}

interface LayoutEntry {
  name: string;
  isDirectory: boolean;
  isSymlink: boolean;
  uncompressedSize: number;
}

export interface CodeLayout {
  /** Code bundles, deepest first (the signing order). */
  bundles: Bundle[];
  /** Every Mach-O file inside the app, recognised by its content. */
  machO: Set<string>;
}

/** Smallest file that can be a Mach-O (a 32-bit header). */
const MIN_MACHO = 28;

/**
 * Finds the code of an app by structure, not by name: every Mach-O file (by magic, except debug
 * symbols in `*.dSYM/`), and every bundle: a directory with an Info.plist whose extension is a
 * code bundle's (.app, .appex, .framework, .xctest) or whose CFBundleExecutable is a Mach-O
 * (a loadable .bundle, a plug-in of any name). A broken bundle throws, or is reported to
 * `onBadBundle` when given (the verifier lists it and goes on).
 */
export async function findCode<E extends LayoutEntry>(
  reader: EntryPeeker<E>,
  entries: Iterable<E>,
  appDir: string,
  onBadBundle?: (e: Error) => void,
): Promise<CodeLayout> {
  const machO = new Set<string>();
  const byName = new Map<string, E>();
  for (const e of entries) {
    if (!e.name.startsWith(appDir) || e.isDirectory || e.isSymlink) continue;
    if (e.name.endsWith("/Info.plist") || e.name === `${appDir}Info.plist`) byName.set(e.name, e);
    if (e.uncompressedSize < MIN_MACHO || /\.dSYM\//.test(e.name.slice(appDir.length))) continue;
    if (isMachO(await reader.peek(e, 8))) machO.add(e.name);
  }
  const bundles: Bundle[] = [];
  for (const [name, e] of byName) {
    const dir = name.slice(0, -"Info.plist".length);
    const rel = dir.slice(appDir.length);
    if (/(^|\/)(_CodeSignature|[^/]+\.lproj)\/$/.test(rel)) continue;
    const depth = rel.split("/").length - 1;
    const kind = dir === appDir ? "app" : BUNDLE_EXTENSIONS[path.posix.extname(dir.slice(0, -1))];
    try {
      if (kind) {
        bundles.push(loadBundle({ dir, kind, depth }, await reader.readEntry(e)));
        continue;
      }
      let info;
      try {
        info = parsePlist(await reader.readEntry(e));
      } catch {
        continue; // a data file named Info.plist: a resource
      }
      const exe = isPlistDict(info) ? info.CFBundleExecutable : undefined;
      if (typeof exe === "string" && !exe.includes("/") && machO.has(dir + exe)) {
        bundles.push(loadBundle({ dir, kind: "bundle", depth }, await reader.readEntry(e)));
      }
    } catch (err) {
      if (!onBadBundle) throw err;
      onBadBundle(err as Error);
    }
  }
  bundles.sort((a, b) => b.depth - a.depth || a.dir.localeCompare(b.dir));
  return { bundles, machO };
}

/** Picks the largest primary icon named in Info.plist among the app's top-level files. */
export function primaryIconPath(app: Bundle, names: Iterable<string>): string | undefined {
  const prefixes: string[] = [];
  for (const key of ["CFBundleIcons", "CFBundleIcons~ipad"]) {
    const icons = app.info[key];
    const primary = isPlistDict(icons) ? icons.CFBundlePrimaryIcon : undefined;
    const files = isPlistDict(primary) ? primary.CFBundleIconFiles : undefined;
    if (Array.isArray(files)) prefixes.push(...files.filter((f): f is string => typeof f === "string"));
  }
  if (Array.isArray(app.info.CFBundleIconFiles)) {
    prefixes.push(...app.info.CFBundleIconFiles.filter((f): f is string => typeof f === "string"));
  }
  if (typeof app.info.CFBundleIconFile === "string") prefixes.push(app.info.CFBundleIconFile);
  // Icon names encode their size: AppIcon60x60@3x.png is 180 px.
  const score = (file: string) => {
    const dims = /(\d+(?:\.\d+)?)x\d+/.exec(file);
    const scale = /@(\d)x/.exec(file);
    return (dims ? Number(dims[1]) : 1) * (scale ? Number(scale[1]) : 1);
  };
  let best: string | undefined;
  for (const n of names) {
    if (!n.startsWith(app.dir) || n.slice(app.dir.length).includes("/") || !n.endsWith(".png")) continue;
    const file = n.slice(app.dir.length);
    if (!prefixes.some((p) => file.startsWith(p.replace(/\.png$/, "")))) continue;
    if (!best || score(file) > score(best.slice(app.dir.length))) best = n;
  }
  return best;
}

/** Whether a profile entitlement value (which may hold `*` wildcards) admits a requested value. */
function grants(allowed: PlistValue, wanted: PlistValue): boolean {
  const admits = (pattern: PlistValue, v: PlistValue) =>
    pattern === v ||
    (typeof pattern === "string" &&
      typeof v === "string" &&
      pattern.endsWith("*") &&
      v.startsWith(pattern.slice(0, -1)));
  const pool = Array.isArray(allowed) ? allowed : [allowed];
  const ok = (v: PlistValue) => pool.some((a) => admits(a, v));
  return Array.isArray(wanted) ? wanted.every(ok) : ok(wanted);
}

const PROFILE_OWNED_KEYS = new Set([
  "application-identifier",
  "com.apple.application-identifier",
  "com.apple.developer.team-identifier",
  "get-task-allow",
  "keychain-access-groups",
]);

/**
 * Entitlements for one bundle: the profile's, made concrete for the bundle id
 * (application-identifier, team id, `*` in keychain groups), with the app's own values kept for
 * keys the profile grants when the profile's values admit them (e.g. a subset of app groups).
 * The app's keychain groups move to the profile's prefix when the profile allows `PREFIX.*`.
 */
export function bundleEntitlements(
  bundleId: string,
  profile: Pick<MobileProvision, "entitlements" | "applicationIdentifier" | "appId">,
  teamId: string,
  existing?: PlistDict,
): PlistDict {
  const prefix = profile.applicationIdentifier.slice(0, profile.applicationIdentifier.length - profile.appId.length);
  const ents: PlistDict = { ...profile.entitlements };
  ents["application-identifier"] = prefix + bundleId;
  if ("com.apple.application-identifier" in ents) ents["com.apple.application-identifier"] = prefix + bundleId;
  ents["com.apple.developer.team-identifier"] = teamId;

  const profileGroups = Array.isArray(ents["keychain-access-groups"])
    ? (ents["keychain-access-groups"] as PlistValue[])
    : undefined;
  if (profileGroups) {
    const appGroups =
      existing && Array.isArray(existing["keychain-access-groups"]) ? existing["keychain-access-groups"] : [];
    const moved = appGroups
      .filter((g): g is string => typeof g === "string" && g.includes("."))
      .map((g) => prefix + g.slice(g.indexOf(".") + 1));
    const concrete = profileGroups.map((g) =>
      typeof g === "string" && g.endsWith("*") ? `${g.slice(0, -1)}${bundleId}` : g,
    );
    ents["keychain-access-groups"] = moved.length && moved.every((g) => grants(profileGroups, g)) ? moved : concrete;
  }

  for (const [key, value] of Object.entries(existing ?? {})) {
    if (PROFILE_OWNED_KEYS.has(key) || !(key in profile.entitlements)) continue;
    if (grants(profile.entitlements[key]!, value)) ents[key] = value;
  }
  return ents;
}
