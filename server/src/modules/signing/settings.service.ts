import { signingSettingsRow, updateSigningSettings } from "@gryx/store";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { yuanToFen } from "../../common/validate";
import { CHARGE_MODES, type ChargeMode, type SignableCertificate, type SigningSettings } from "./signing.model";

/** The one signing_settings row (charges, artifact lifetime, download quota, daily limit, upload limit). */
export class SigningSettingsService {
  constructor(private readonly db: DataSource) {}

  async settings(): Promise<SigningSettings> {
    const r = await signingSettingsRow(this.db);
    return {
      chargeMode: r.charge_mode,
      feeFen: Number(r.fee_fen),
      artifactHours: r.artifact_hours,
      downloadsPerTask: r.downloads_per_task,
      dailyLimit: r.daily_limit,
      maxUploadMb: r.max_upload_mb,
    };
  }

  /** Admin: changes the given fields (fee in yuan). */
  async updateSettings(input: {
    chargeMode?: unknown;
    fee?: unknown;
    artifactHours?: unknown;
    downloadsPerTask?: unknown;
    dailyLimit?: unknown;
    maxUploadMb?: unknown;
  }): Promise<SigningSettings> {
    const cur = await this.settings();
    const int = (raw: unknown, label: string, min: number, max: number, fallback: number) => {
      if (raw === undefined || raw === null || raw === "") return fallback;
      const n = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
      if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
        throw new DomainError("SIGN_SETTINGS_INVALID", `${label}须为${min}到${max}之间的整数`);
      return n;
    };
    let mode = cur.chargeMode;
    if (input.chargeMode !== undefined && input.chargeMode !== null) {
      if (!CHARGE_MODES.includes(input.chargeMode as ChargeMode))
        throw new DomainError("SIGN_SETTINGS_INVALID", "收费方式须为 free、fee 或 certificate");
      mode = input.chargeMode as ChargeMode;
    }
    const next: SigningSettings = {
      chargeMode: mode,
      feeFen:
        input.fee === undefined || input.fee === null || input.fee === ""
          ? cur.feeFen
          : yuanToFen(input.fee, "签名费用"),
      artifactHours: int(input.artifactHours, "签名包保留小时数", 1, 24 * 90, cur.artifactHours),
      downloadsPerTask: int(input.downloadsPerTask, "每个任务的下载次数", 1, 1000, cur.downloadsPerTask),
      dailyLimit: int(input.dailyLimit, "每日签名次数", 0, 10000, cur.dailyLimit),
      maxUploadMb: int(input.maxUploadMb, "上传大小上限（MB）", 1, 8192, cur.maxUploadMb),
    };
    if (next.chargeMode !== "free" && next.feeFen <= 0)
      throw new DomainError("SIGN_SETTINGS_INVALID", "收费签名须设置大于0的签名费用");
    await updateSigningSettings(this.db, next);
    return next;
  }

  /** The upload limit in bytes (the REST upload cuts the request off beyond it). */
  async maxUploadBytes(): Promise<number> {
    return (await this.settings()).maxUploadMb * 1024 * 1024;
  }
}

/** What signing with a certificate of `kind` costs under the settings, in fen. */
export function feeFor(s: SigningSettings, kind: SignableCertificate["kind"]): number {
  if (s.chargeMode === "free") return 0;
  if (s.chargeMode === "certificate" && kind === "user") return 0;
  return s.feeFen;
}
