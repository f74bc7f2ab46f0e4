import { REQUEST_ERROR_TEXTS, statusText } from "./errorTexts";
import { session } from "./session";
import { asErrorCode, endsSession } from "./errorCode";

/** The file name of a Content-Disposition header (RFC 6266 filename* first). */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a file from an endpoint that needs the Bearer token (a plain link cannot send it) and hands it to the
 * browser under the server's file name. Rejects with the texts the shared request helper uses (fixed ones for 401/403/404/5xx, else the server's message).
 */
export async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  const token = session.get().token;
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error(REQUEST_ERROR_TEXTS.network);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; code?: unknown } | null;
    if (endsSession(res.status, asErrorCode(body?.code))) session.expire();
    throw new Error(statusText(res.status) || body?.message || REQUEST_ERROR_TEXTS.failed);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = dispositionName(res.headers.get("content-disposition"), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
