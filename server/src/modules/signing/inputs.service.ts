import type { IpaInfo } from "@gryx/apple/ipa-info";
import { inspectIpaOffloaded as inspectIpa } from "@gryx/apple/offload";
import { isBadAppleInput } from "@gryx/apple/errors";
import {
  injectableDylibs,
  insertSigningUpload,
  liveSigningUpload,
  signableApp,
  signableApps,
  signableCertificates,
  signableDylibs,
  signingUploadsOf,
  type SignableCertificateRow,
} from "@gryx/store";
import type { DataSource, EntityManager } from "typeorm";
import { DomainError } from "../../common/errors";
import { likePattern, pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { RateCounter } from "../../common/rate-limit";
import type { ReceivedFile } from "../../rest/upload";
import { hasPurchased } from "../purchases/purchases.service";
import type { StorageService } from "../storage/storage.service";
import type { SoftwareSourcesService } from "../software-sources/software-sources.service";
import { feeFor, type SigningSettingsService } from "./settings.service";
import {
  UPLOADS_PER_HOUR,
  uploadView,
  type SignableApp,
  type SignableCertificate,
  type SigningSettings,
  type UploadView,
} from "./signing.model";

/** What a task starts from: the IPA (an upload, or a catalogue app), as createTask and retry check it. */
export interface TaskSource {
  kind: "upload" | "app";
  uploadId: number | null;
  appId: number | null;
  name: string;
  bundleId: string;
  version: string;
  iconUrl: string;
}

/**
 * What a user may sign and with what: uploads (an IPA of theirs, or a software source's app fetched for them),
 * catalogue apps and dylibs (free or bought), and the certificates they may sign with.
 */
export class SigningInputsService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: SigningSettingsService,
    private readonly storage: StorageService,
    private readonly rateCounter: RateCounter,
    private readonly sources: Pick<SoftwareSourcesService, "downloadIpa">,
    private readonly offerDemoCertificate: boolean,
  ) {}

  // ---- certificates ---------------------------------------------------------------------------------------------

  private certView(r: SignableCertificateRow, s: SigningSettings, now = Date.now()): SignableCertificate {
    const kind = r.scope === "platform" ? "demo" : r.scope;
    return {
      id: r.id,
      name: r.name,
      kind,
      teamName: r.team_name,
      appId: r.app_id,
      certType: r.cert_type,
      status: r.status,
      expiresAt: r.expires_at,
      usable: r.expires_at.getTime() > now && r.status !== "revoked" && r.status !== "expired",
      feeFen: feeFor(s, kind),
    };
  }

  /** Own certificates (uploaded or bought), temporary ones, and the demo certificate where offered; usable first. */
  async signableCertificates(userId: number): Promise<SignableCertificate[]> {
    const rows = await signableCertificates(this.db, userId, this.offerDemoCertificate);
    const s = await this.settings.settings();
    return rows.map((r) => this.certView(r, s)).sort((a, b) => Number(b.usable) - Number(a.usable));
  }

  /** Whether the user may sign with this certificate now (mine, 临时 or 演示; not revoked, not expired). */
  async canSignWith(userId: number, certificateId: number): Promise<boolean> {
    const s = await this.settings.settings();
    return this.signableCertificate(this.db.manager, userId, certificateId, s).then(
      (c) => c.usable,
      () => false,
    );
  }

  /** One certificate the user may sign with now (inside the submission's transaction), or why not. */
  async signableCertificate(
    m: EntityManager,
    userId: number,
    certificateId: number,
    s: SigningSettings,
  ): Promise<SignableCertificate> {
    const rows = await signableCertificates(m, userId, this.offerDemoCertificate, certificateId);
    if (!rows.length) throw new DomainError("SIGN_CERT_NOT_FOUND");
    const cert = this.certView(rows[0], s);
    if (cert.status === "revoked") throw new DomainError("SIGN_CERT_REVOKED");
    if (!cert.usable) throw new DomainError("SIGN_CERT_EXPIRED");
    return cert;
  }

  // ---- catalogue apps and dylibs --------------------------------------------------------------------------------

  /**
   * Catalogue apps the user may sign (签名安装): active, with an IPA, free or bought; `search` matches the name or
   * bundle id. Newest first.
   */
  async signableApps(
    userId: number,
    args: { search?: unknown; page?: unknown; pageSize?: unknown },
  ): Promise<Page<SignableApp>> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize);
    const term = queryString(args.search, 50);
    const { rows, total } = await signableApps(this.db, userId, term ? likePattern(term) : null, pageSize, offset);
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        bundleId: r.bundle_id ?? "",
        version: r.version ?? "",
        iconUrl: r.icon_path ?? "",
        bought: r.price > 0,
        size: Number(r.size ?? 0),
      })),
      total,
      page,
      pageSize,
    };
  }

  /** Dylib plugins of the catalogue the user may inject (free or bought, a .dylib file). */
  async signableDylibs(userId: number): Promise<{ id: number; name: string; version: string; iconUrl: string }[]> {
    const rows = await signableDylibs(this.db, userId);
    return rows.map((r) => ({ id: r.id, name: r.name, version: r.version ?? "", iconUrl: r.icon_path ?? "" }));
  }

  // ---- uploads --------------------------------------------------------------------------------------------------

  /** Called before an upload is received: UPLOADS_PER_HOUR per user. */
  async admitUpload(userId: number): Promise<void> {
    const hit = await this.rateCounter.hit(`signing-upload:${userId}`, 3600);
    if (hit.count > UPLOADS_PER_HOUR)
      throw new DomainError("RATE_LIMITED", `每小时最多上传${UPLOADS_PER_HOUR}个 IPA，请稍后再试`, {
        retryAfter: hit.retryAfter,
      });
  }

  /**
   * Reads an uploaded IPA (icon, name, version, bundle id) and keeps it for the user to sign, until the artifact
   * lifetime passes. A file that is not a signable IPA is removed and refused with the reader's message.
   */
  async upload(userId: number, file: ReceivedFile): Promise<UploadView> {
    let info: IpaInfo;
    try {
      info = await inspectIpa(file.path);
    } catch (e) {
      await this.storage.removeTmp(file.path);
      if (isBadAppleInput(e)) throw new DomainError("SIGN_IPA_INVALID", e.userMessage);
      throw e;
    }
    const key = await this.storage.adoptPrivate("unsigned", file.path, "ipa");
    let iconUrl = "";
    try {
      iconUrl = info.icon ? await this.storage.savePublic("icons", info.icon.png, "png") : "";
      const s = await this.settings.settings();
      const filename = file.filename.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "app.ipa";
      const row = await insertSigningUpload(this.db, {
        userId,
        storageKey: key,
        filename,
        size: file.size,
        name: info.name.slice(0, 200),
        bundleId: info.bundleId.slice(0, 255),
        version: info.version.slice(0, 64),
        build: info.build.slice(0, 64),
        minOs: info.minOsVersion?.slice(0, 32) ?? null,
        iconUrl,
        hours: s.artifactHours,
      });
      return uploadView(row);
    } catch (e) {
      await this.storage.removePrivate(key);
      if (iconUrl) await this.storage.removePublic(iconUrl);
      throw e;
    }
  }

  /**
   * Takes an app of a software source the user sees (its IPA link, fetched through the sources' address guard, at
   * most the upload limit) as an upload to sign, like an uploaded IPA.
   */
  async importSourceApp(user: { id: number; role: string }, rawSourceAppId: unknown): Promise<UploadView> {
    await this.admitUpload(user.id);
    const tmp = this.storage.tmpPath();
    let fetched: { app: { name: string }; bytes: number };
    try {
      fetched = await this.sources.downloadIpa(
        rawSourceAppId,
        { id: user.id, admin: user.role === "admin" },
        tmp,
        await this.settings.maxUploadBytes(),
      );
    } catch (e) {
      await this.storage.removeTmp(tmp);
      throw e;
    }
    const filename = `${fetched.app.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 80) || "app"}.ipa`;
    return this.upload(user.id, { path: tmp, size: fetched.bytes, filename, mimeType: "application/octet-stream" });
  }

  async uploadsMine(userId: number): Promise<UploadView[]> {
    return (await signingUploadsOf(this.db, userId)).map(uploadView);
  }

  // ---- a task's source and dylibs, checked in the submission's transaction ---------------------------------------

  async uploadSource(m: EntityManager, userId: number, raw: unknown): Promise<TaskSource> {
    const id = parseId(raw, "IPA ID");
    const u = await liveSigningUpload(m, id, userId);
    if (!u) throw new DomainError("SIGN_UPLOAD_NOT_FOUND");
    return {
      kind: "upload",
      uploadId: u.id,
      appId: null,
      name: u.name,
      bundleId: u.bundle_id,
      version: u.version,
      iconUrl: u.icon_url,
    };
  }

  async appSource(m: EntityManager, userId: number, raw: unknown): Promise<TaskSource> {
    const id = parseId(raw, "应用ID");
    const a = await signableApp(m, id);
    if (!a) throw new DomainError("SIGN_APP_NOT_FOUND");
    if (a.price > 0 && !(await hasPurchased(m, userId, "app", id))) throw new DomainError("SIGN_APP_NOT_PURCHASED");
    return {
      kind: "app",
      uploadId: null,
      appId: a.id,
      name: a.name,
      bundleId: a.bundle_id || "",
      version: a.version || "",
      iconUrl: a.icon_path || "",
    };
  }

  async checkDylibs(m: EntityManager, userId: number, ids: number[]): Promise<void> {
    const rows = await injectableDylibs(m, ids);
    if (rows.length !== ids.length) throw new DomainError("SIGN_DYLIB_NOT_FOUND");
    for (const r of rows) {
      if (r.resource_fee > 0 && !(await hasPurchased(m, userId, "dylib", r.id)))
        throw new DomainError("SIGN_DYLIB_NOT_PURCHASED");
    }
  }
}
