import { toast } from "./toast";

/** Copies text: the clipboard API on secure pages, the selection route on plain-http ones. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.cssText = "position:fixed;top:0;left:0;opacity:0;";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

const COPY_FAILED = "复制失败";

/** Copies text and says how it went in a toast: `copied` on success, 复制失败 when the browser refuses. */
export async function copyWithToast(text: string, copied: string): Promise<boolean> {
  try {
    await writeClipboard(text);
    toast({ icon: "success", content: copied });
    return true;
  } catch {
    toast({ icon: "fail", content: COPY_FAILED });
    return false;
  }
}
