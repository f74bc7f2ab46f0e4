import { MB, uploadFile, type FileRule } from "../../shared/upload";

/** An uploaded IPA as the server read it on arrival (POST /api/signing/upload-ipa). */
export interface SigningUpload {
  id: number;
  filename: string;
  size: number;
  name: string;
  bundle_id: string;
  version: string;
  build: string;
  min_os_version: string | null;
  icon_url: string;
  expires_at: string;
}

/** What the upload takes: an .ipa up to the signing settings' limit (the server checks again). */
export function ipaRule(maxUploadMb: number): FileRule {
  return { maxBytes: maxUploadMb * MB, extensions: ["ipa"], typeMessage: "仅支持 .ipa 格式的安装包" };
}

/**
 * Streams an IPA to the server (multipart field `ipa`, Bearer token) over XMLHttpRequest, reporting the upload's
 * progress; resolves with what the server parsed (icon, name, version, bundle id). Rejects with the server's
 * Chinese message (not an IPA, too large, …) or an AbortError when `signal` aborts.
 */
export function uploadSigningIpa(
  file: File,
  maxUploadMb: number,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<SigningUpload> {
  return uploadFile<SigningUpload>("/api/signing/upload-ipa", file, {
    field: "ipa",
    rule: ipaRule(maxUploadMb),
    onProgress,
    signal,
  });
}
