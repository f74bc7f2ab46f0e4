/**
 * The bundle structure of an app inside an IPA, worked out from entry names alone: which
 * directories are bundles (the app, frameworks, app extensions, Watch apps and their nested
 * bundles), which bundle each file belongs to, and the order to sign them in (inside-out).
 */
import path from "node:path";
import type { MobileProvision } from "@gryx/apple/mobileprovision";
import { isPlistDict, parsePlist, type PlistDict, type PlistValue } from "@gryx/apple/plist";
import { AppleError } from "@gryx/apple/errors";

export type BundleKind = "app" | "appex" | "framework";

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

const BUNDLE_EXTENSIONS: Record<string, BundleKind> = { ".app": "app", ".appex": "appex", ".framework": "framework" };

/** `Payload/<X>.app/`, the only app an IPA may carry. */
export function findAppDir(names: readonly string[]): string {
  const apps = new Set<string>();
  for (const n of names) {
    const m = /^Payload\/([^/]+\.app)\//.exec(n);
    if (m) apps.add(`Payload/${m[1]}/`);
  }
  if (apps.size === 0) throw new AppleError("APPLE_NO_APP_BUNDLE");
  if (apps.size > 1) throw new AppleError("APPLE_NO_APP_BUNDLE", `Payload 中有多个应用：${[...apps].join(", ")}`);
  return [...apps][0];
}

/**
 * Bundle directories inside (and including) the app: any `*.app`, `*.appex` or `*.framework`
 * directory that has an Info.plist directly inside. Sorted deepest first, the signing order.
 */
export function findBundleDirs(names: readonly string[], appDir: string): BundleDir[] {
  const found = new Map<string, BundleDir>();
  found.set(appDir, { dir: appDir, kind: "app", depth: 0 });
  const nameSet = new Set(names);
  for (const n of names) {
    if (!n.startsWith(appDir) || !n.endsWith("/Info.plist")) continue;
    const dir = n.slice(0, -"Info.plist".length);
    const kind = BUNDLE_EXTENSIONS[path.posix.extname(dir.slice(0, -1))];
    if (!kind || found.has(dir) || !nameSet.has(n)) continue;
    found.set(dir, { dir, kind, depth: dir.slice(appDir.length).split("/").length - 1 });
  }
  return [...found.values()].sort((a, b) => b.depth - a.depth || a.dir.localeCompare(b.dir));
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
  if (exe.includes("/") || exe === "." || exe === "..") throw new AppleError("APPLE_UNSAFE_PATH", `CFBundleExecutable ${exe}`);
  const bundleId = typeof info.CFBundleIdentifier === "string" ? info.CFBundleIdentifier : "";
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

/** Bundles that carry their own provisioning profile: apps and app extensions, not frameworks. */
export function hasProvisioningProfile(bundle: BundleDir): boolean {
  return bundle.kind !== "framework";
}

/** Picks the largest primary icon named in Info.plist among the app's top-level files. */
export function primaryIconPath(app: Bundle, names: readonly string[]): string | undefined {
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
    (typeof pattern === "string" && typeof v === "string" && pattern.endsWith("*") && v.startsWith(pattern.slice(0, -1)));
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

  const profileGroups = Array.isArray(ents["keychain-access-groups"]) ? (ents["keychain-access-groups"] as PlistValue[]) : undefined;
  if (profileGroups) {
    const appGroups = existing && Array.isArray(existing["keychain-access-groups"]) ? existing["keychain-access-groups"] : [];
    const moved = appGroups
      .filter((g): g is string => typeof g === "string" && g.includes("."))
      .map((g) => prefix + g.slice(g.indexOf(".") + 1));
    const concrete = profileGroups.map((g) => (typeof g === "string" && g.endsWith("*") ? `${g.slice(0, -1)}${bundleId}` : g));
    ents["keychain-access-groups"] = moved.length && moved.every((g) => grants(profileGroups, g)) ? moved : concrete;
  }

  for (const [key, value] of Object.entries(existing ?? {})) {
    if (PROFILE_OWNED_KEYS.has(key) || !(key in profile.entitlements)) continue;
    if (grants(profile.entitlements[key]!, value)) ents[key] = value;
  }
  return ents;
}
