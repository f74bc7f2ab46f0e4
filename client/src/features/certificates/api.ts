import { RequestError, request } from "../../shared/request";
import { downloadWithToken } from "../../shared/download";

/** What the upload endpoints take (the server checks again). */
const P12_MAX_BYTES = 64 * 1024;
const PROFILE_MAX_BYTES = 512 * 1024;

export interface CertificateForm {
  p12: File;
  mobileprovision: File;
  password: string;
  name?: string;
  /** Temporary certificates: days it lives (1-30). */
  days?: number;
}

/** The problem with the chosen files before they are sent, or null. */
export function formProblem(f: { p12?: File | null; mobileprovision?: File | null }): string | null {
  if (!f.p12) return "请选择 .p12 证书文件";
  if (!/\.p12$/i.test(f.p12.name)) return "证书文件须为 .p12 格式";
  if (f.p12.size > P12_MAX_BYTES) return "证书文件过大，最大 64 KB";
  if (!f.mobileprovision) return "请选择 .mobileprovision 描述文件";
  if (!/\.mobileprovision$/i.test(f.mobileprovision.name)) return "描述文件须为 .mobileprovision 格式";
  if (f.mobileprovision.size > PROFILE_MAX_BYTES) return "描述文件过大，最大 512 KB";
  return null;
}

/** Posts a p12 + profile pair to `path` (/api/certificates/upload or /api/temp-certificates/upload); resolves with the new id. */
export async function uploadCertificate(path: string, f: CertificateForm): Promise<number> {
  const problem = formProblem(f);
  if (problem) throw new RequestError(problem);
  const form = new FormData();
  form.append("password", f.password);
  if (f.name) form.append("name", f.name);
  if (f.days) form.append("days", String(f.days));
  form.append("p12", f.p12, f.p12.name);
  form.append("mobileprovision", f.mobileprovision, f.mobileprovision.name);
  const res = await request<{ id: number }>(path, { method: "POST", body: form });
  return res.data.id;
}

/** Whether the password opens the p12 (nothing is stored). */
export async function verifyP12Password(p12: File, password: string): Promise<boolean> {
  const form = new FormData();
  form.append("password", password);
  form.append("p12", p12, p12.name);
  return (await request<{ valid: boolean }>("/api/certificates/verify-p12-password", { method: "POST", body: form }))
    .data.valid;
}

/** Downloads a certificate's zip (p12, profile, password.txt) with the Bearer token, under the server's file name. */
export function downloadCertificateZip(url: string, fallbackName: string): Promise<void> {
  return downloadWithToken(url, fallbackName);
}
