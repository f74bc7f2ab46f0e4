import { session } from "../../shared/session";
import type { CatalogKind } from "./types";

export const DOWNLOAD_PATH: Partial<Record<CatalogKind, string>> = {
  DYLIB: "/api/dylib-management/download/",
  RESOURCE_SHARE: "/api/resource-shares/download/",
};

/**
 * Downloads a dylib or a resource share through its REST route (logged-in; free or bought; with the grant of a paid
 * traffic fee when there is one), keeping the server's file name.
 */
export async function downloadItem(kind: CatalogKind, id: string, grant?: string): Promise<void> {
  const token = session.get().token;
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  const res = await fetch(`${DOWNLOAD_PATH[kind]}${encodeURIComponent(id)}${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = "下载失败";
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the generic text
    }
    throw new Error(message);
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = utf8 ? decodeURIComponent(utf8) : (/filename="([^"]+)"/i.exec(disposition)?.[1] ?? `dylib-${id}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
