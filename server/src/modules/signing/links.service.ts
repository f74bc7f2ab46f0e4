import { createHmac, timingSafeEqual } from "node:crypto";
import type { DataSource } from "typeorm";
import { buildInstallManifest, itmsServicesUrl } from "@gryx/apple/ota";
import { releaseSigningDownload, reserveSigningDownload } from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import { readRange } from "../../rest/file-download";
import type { StorageService } from "../storage/storage.service";
import {
  DOWNLOAD_SLACK_BYTES,
  LINK_TTL_SECONDS,
  requireTask,
  type ArtifactFile,
  type InstallInfo,
  type TaskRow,
} from "./signing.model";

/** What a link token grants: the manifest or the IPA of one task, until `exp` (unix seconds). */
export type LinkPurpose = "ipa" | "plist" | "page";

/**
 * A done task's signed IPA reaches a phone: the install page, the OTA manifest iOS fetches and the download, each by
 * its owner or by a signed, expiring link token (HMAC of purpose, task and expiry); downloads counted against the
 * task's allowance by the bytes served.
 */
export class SigningLinksService {
  private readonly linkKey: Buffer;

  constructor(
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly opts: { jwtSecret: string; publicUrl?: string },
  ) {
    this.linkKey = createHmac("sha256", opts.jwtSecret).update("signing-links/v1").digest();
  }

  private sign(purpose: LinkPurpose, taskId: number, exp: number): string {
    return createHmac("sha256", this.linkKey).update(`${purpose}:${taskId}:${exp}`).digest("base64url");
  }

  /**
   * `exp.signature` for a purpose and task, valid LINK_TTL_SECONDS; never past `until` (unix seconds) when given, so a
   * link handed out through another link ends when that one does.
   */
  linkToken(purpose: LinkPurpose, taskId: number, now = Date.now(), until?: number): string {
    return this.tokenUntil(purpose, taskId, Math.min(Math.floor(now / 1000) + LINK_TTL_SECONDS, until ?? Infinity));
  }

  private tokenUntil(purpose: LinkPurpose, taskId: number, exp: number): string {
    return `${exp}.${this.sign(purpose, taskId, exp)}`;
  }

  /**
   * The install page's link, the one users share, print and turn into a QR code: it lasts as long as the signed app is
   * kept (the task's `expires_at`), across automatic re-signs (掉签自动重签 swaps the IPA behind the same task), and
   * never past `until` when it was handed out through another link. The manifest and IPA links it leads to stay short.
   */
  pageToken(taskId: number, artifactExpiresAt: Date, until?: number): string {
    return this.tokenUntil("page", taskId, Math.min(Math.floor(artifactExpiresAt.getTime() / 1000), until ?? Infinity));
  }

  /** Checks a link token; its expiry (unix seconds). */
  private checkToken(purpose: LinkPurpose, taskId: number, raw: unknown): number {
    const token = typeof raw === "string" ? raw : "";
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) throw new DomainError("SIGN_LINK_INVALID");
    const exp = Number(m[1]);
    const want = Buffer.from(this.sign(purpose, taskId, exp));
    const got = Buffer.from(m[2]);
    if (want.length !== got.length || !timingSafeEqual(want, got) || exp * 1000 < Date.now())
      throw new DomainError("SIGN_LINK_INVALID");
    return exp;
  }

  /** The absolute base of links iOS fetches: PUBLIC_URL, else the origin the request came to. */
  private base(origin: string | undefined): string {
    return (this.opts.publicUrl ?? origin ?? "http://localhost").replace(/\/+$/, "");
  }

  /**
   * A done task whose signed IPA is still kept: by its owner, or by anyone holding a link token of the purpose (then
   * `linkExp` is that token's expiry, the limit of any link handed out on its strength).
   */
  private async deliverable(
    taskId: number,
    access: { userId?: number; token?: unknown; purpose?: LinkPurpose },
  ): Promise<{ t: TaskRow; linkExp?: number }> {
    let t: TaskRow;
    let linkExp: number | undefined;
    if (access.userId !== undefined) t = await requireTask(this.db, taskId, access.userId);
    else {
      linkExp = this.checkToken(access.purpose ?? "page", taskId, access.token);
      t = await requireTask(this.db, taskId);
    }
    if (t.status !== "done") throw new DomainError("SIGN_NOT_DONE");
    if (!t.expires_at || t.expires_at.getTime() <= Date.now()) throw new DomainError("SIGN_ARTIFACT_EXPIRED");
    return { t, linkExp };
  }

  /** What the install page needs: the itms-services link, the manifest and download URLs (with tokens), whether HTTPS. */
  async install(
    rawId: unknown,
    access: { userId?: number; token?: unknown },
    origin: string | undefined,
  ): Promise<InstallInfo> {
    const id = parseId(rawId, "任务ID");
    const { t, linkExp } = await this.deliverable(id, { ...access, purpose: "page" });
    const base = this.base(origin);
    const now = Date.now();
    const manifestUrl = `${base}/api/signing/plist/${id}?token=${this.linkToken("plist", id, now, linkExp)}`;
    return {
      taskId: id,
      appName: t.app_name,
      bundleId: t.bundle_id,
      version: t.version,
      iconUrl: t.icon_url ? (t.icon_url.startsWith("/") ? `${base}${t.icon_url}` : t.icon_url) : "",
      certificateName: t.certificate_name,
      size: Number(t.artifact_size ?? 0),
      itmsUrl: itmsServicesUrl(manifestUrl),
      manifestUrl,
      downloadUrl: `${base}/api/signing/download/${id}?token=${this.linkToken("ipa", id, now, linkExp)}`,
      installPageUrl: `${base}/install/${id}?token=${this.pageToken(id, t.expires_at!, linkExp)}`,
      https: base.startsWith("https://"),
      expiresAt: t.expires_at!,
      downloadsLeft: Math.max(0, t.downloads_limit - t.downloads_used),
      resignedAt: t.resigned_at,
    };
  }

  /** The OTA manifest (plist) of a done task; iOS fetches it without a session, so it needs a plist token. */
  async manifest(rawId: unknown, token: unknown, origin: string | undefined): Promise<string> {
    const id = parseId(rawId, "任务ID");
    const { t, linkExp } = await this.deliverable(id, { token, purpose: "plist" });
    const base = this.base(origin);
    const icon = t.icon_url ? (t.icon_url.startsWith("/") ? `${base}${t.icon_url}` : t.icon_url) : undefined;
    return buildInstallManifest({
      ipaUrl: `${base}/api/signing/download/${id}?token=${this.linkToken("ipa", id, Date.now(), linkExp)}`,
      iconUrl: icon,
      bundleId: t.bundle_id,
      version: t.version || "1.0",
      title: t.app_name,
    });
  }

  /**
   * The signed IPA of a done task, for its owner or a link token, with the part a `Range` header asks for. Downloads
   * are counted by the bytes served: every request but HEAD reserves its length from the task's allowance
   * (downloads_limit whole IPAs) before a byte goes out, and `settle` gives back what was not sent, so
   * `downloads_used` (whole IPAs, rounded up) counts a suffix range or a range past byte 0 like any other, and a
   * download resumed in pieces once. Several ranges, or a Range header that cannot be read, get the whole file (as
   * HTTP allows); a range wholly past the end is `unsatisfiable` and counts nothing.
   */
  async download(
    rawId: unknown,
    access: { userId?: number; token?: unknown },
    req: { range?: string; head: boolean },
  ): Promise<
    ArtifactFile & {
      range: { start: number; end: number } | null;
      unsatisfiable: boolean;
      settle(sentBytes: number): Promise<void>;
    }
  > {
    const id = parseId(rawId, "任务ID");
    const { t } = await this.deliverable(id, { ...access, purpose: "ipa" });
    const key = `signed/${t.artifact_name}`;
    const size = await this.storage.privateSize(key);
    if (!size) throw new DomainError("SIGN_ARTIFACT_EXPIRED");
    const base = (t.app_name || "app").replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 80);
    const file = { key, size, filename: `${base}${t.version ? `-${t.version}` : ""}.ipa` };
    const noop = async () => undefined;

    const { range, unsatisfiable } = readRange(req.range, size);
    if (unsatisfiable) return { ...file, range: null, unsatisfiable: true, settle: noop };
    if (req.head) return { ...file, range, unsatisfiable: false, settle: noop };

    const length = range ? range.end - range.start + 1 : size;
    // Whole IPAs of `bytes`, rounded up past a small grace: what was in flight when a download broke off (sent, never
    // received) does not make its resumption a second download.
    const slack = Math.min(Math.floor(size / 20), DOWNLOAD_SLACK_BYTES);
    if (!(await reserveSigningDownload(this.db, id, length, size, slack)))
      throw new DomainError("SIGN_DOWNLOADS_EXHAUSTED");
    let settled = false;
    const settle = async (sentBytes: number) => {
      const unsent = length - Math.min(length, Math.max(0, sentBytes));
      if (settled || unsent === 0) return;
      settled = true;
      await releaseSigningDownload(this.db, id, unsent, size, slack);
    };
    return { ...file, range, unsatisfiable: false, settle };
  }
}
