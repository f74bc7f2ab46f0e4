import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import { MAX_DYLIBS, type CreateTaskInput, type TaskOptions } from "./signing.model";

/** What a submission may ask of the signer (bundle id, display name, version, dylibs, removals), checked. */

const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}$/;

/**
 * What a display name may hold: it goes into Info.plist, the install manifest (XML) and the home screen. Refused:
 * controls (C0, DEL, C1), < and >, line and paragraph separators, format characters other than the joiners and tags
 * of emoji sequences (bidi overrides that flip what is shown, BOM, invisible marks), noncharacters and lone surrogates (not XML).
 * At most 50 characters as one sees them (grapheme clusters: a family emoji is one) and 200 code points.
 */
const DISPLAY_NAME_REFUSED =
  /[\p{Cc}<>\u2028\u2029\p{Cs}\p{Noncharacter_Code_Point}]|(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/u;
const graphemes = new Intl.Segmenter("zh", { granularity: "grapheme" });
function displayNameOk(name: string): boolean {
  if (DISPLAY_NAME_REFUSED.test(name) || [...name].length > 200) return false;
  let n = 0;
  for (const _ of graphemes.segment(name)) if (++n > 50) return false;
  return true;
}

/** The options of a submission, or the error of the first one that is wrong. */
export function parseTaskOptions(input: CreateTaskInput): TaskOptions {
  const opt: TaskOptions = {};
  const text = (raw: unknown) => (raw === undefined || raw === null ? "" : typeof raw === "string" ? raw.trim() : null);
  const bundleId = text(input.bundleId);
  if (bundleId === null || (bundleId && (bundleId.length > 155 || !BUNDLE_ID.test(bundleId))))
    throw new DomainError("SIGN_BUNDLE_ID_INVALID");
  if (bundleId) opt.bundleId = bundleId;
  const name = text(input.displayName);
  if (name === null || !displayNameOk(name)) throw new DomainError("SIGN_DISPLAY_NAME_INVALID");
  if (name) opt.displayName = name;
  const version = text(input.version);
  if (version === null || (version && !VERSION.test(version))) throw new DomainError("SIGN_VERSION_INVALID");
  if (version) opt.version = version;
  if (input.dylibIds !== undefined && input.dylibIds !== null && input.dylibIds !== "") {
    const list = typeof input.dylibIds === "string" ? input.dylibIds.split(",") : input.dylibIds;
    if (!Array.isArray(list)) throw new DomainError("SIGN_DYLIB_NOT_FOUND");
    const ids = [...new Set(list.map((x) => parseId(typeof x === "string" ? x.trim() : x, "插件ID")))];
    if (ids.length > MAX_DYLIBS) throw new DomainError("SIGN_DYLIB_TOO_MANY");
    if (ids.length) opt.dylibIds = ids;
  }
  const flag = (raw: unknown, label: string) => {
    if (raw === undefined || raw === null || raw === "") return false;
    if (typeof raw === "boolean") return raw;
    if (raw === "true" || raw === "1") return true;
    if (raw === "false" || raw === "0") return false;
    throw new DomainError("BAD_REQUEST", `${label}必须是布尔值`);
  };
  if (flag(input.removeUISupportedDevices, "remove_supported_devices")) opt.removeUISupportedDevices = true;
  if (flag(input.removePlugins, "remove_plugins")) opt.removePlugins = true;
  if (flag(input.removeWatch, "remove_watch")) opt.removeWatch = true;
  return opt;
}
