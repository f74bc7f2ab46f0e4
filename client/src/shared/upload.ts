import { REQUEST_ERROR_TEXTS } from "./errorTexts";
import { RequestError, request } from "./request";

/**
 * Multipart uploads to the REST facades: one file in a named field, upload progress, abort, the shared
 * request helper's Bearer token, envelope and error texts, and a check of size and type before sending
 * (the server checks again; the client check spares a 2 GB upload that would be refused anyway).
 */

export const MB = 1024 * 1024;
export const UPLOAD_FAILED = "上传失败";

/** What a field accepts. */
export interface FileRule {
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** Accepted file name extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** Shown when the name has another extension. */
  typeMessage: string;
}

/** Icons, banners, logos: what the server's image upload takes (≤ 2 MB, PNG/JPG/GIF/WEBP, sniffed by bytes). */
export const IMAGE_RULE: FileRule = {
  maxBytes: 2 * MB,
  extensions: ["png", "jpg", "jpeg", "gif", "webp"],
  typeMessage: "仅支持 PNG、JPG、GIF、WEBP 格式的图片",
};

/** IPA packages (≤ 2 GB). */
export const IPA_RULE: FileRule = { maxBytes: 2048 * MB, extensions: ["ipa"], typeMessage: "仅支持 .ipa 格式的安装包" };

/** The value for an <input type="file"> accept attribute. */
export function acceptOf(rule: FileRule): string {
  return rule.extensions.map((e) => `.${e}`).join(",");
}

/** "2 MB", "500 KB": the wording of the server's 413 answer. */
export function sizeLabel(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The problem with a file before it is sent, or null when it may go. */
export function checkFile(file: { name: string; size: number }, rule: FileRule): string | null {
  if (!rule.extensions.includes(extensionOf(file.name))) return rule.typeMessage;
  if (file.size === 0) return "上传的文件是空的";
  if (file.size > rule.maxBytes) return `文件过大，最大 ${sizeLabel(rule.maxBytes)}`;
  return null;
}

export interface UploadOptions {
  /** The multipart field name the endpoint reads (icon, ipa, file, image, logo). */
  field: string;
  /** Checked before sending; a failing file rejects with the rule's text and nothing is sent. */
  rule?: FileRule;
  /** Text fields sent before the file. */
  fields?: Record<string, string>;
  /** Progress from 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/**
 * Posts `file` and resolves with the envelope's data. Rejects with a RequestError carrying the server's message
 * (or the shared helper's text for 401/403/404/5xx, timeout and network failures; 上传失败 when the server said
 * nothing), or with an AbortError when `signal` aborts.
 */
export async function uploadFile<T>(path: string, file: File, options: UploadOptions): Promise<T> {
  const problem = options.rule ? checkFile(file, options.rule) : null;
  if (problem) throw new RequestError(problem);
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append(options.field, file, file.name);
  const { onProgress } = options;
  onProgress?.(0);
  try {
    const envelope = await request<T>(path, {
      method: "POST",
      body: form,
      signal: options.signal,
      headers: options.headers,
      onUploadProgress: onProgress ? (fraction) => onProgress(Math.min(100, Math.round(fraction * 100))) : undefined,
    });
    onProgress?.(100);
    return envelope.data;
  } catch (error) {
    if (error instanceof RequestError && error.message === REQUEST_ERROR_TEXTS.failed)
      throw new RequestError(UPLOAD_FAILED, error.status);
    throw error;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
