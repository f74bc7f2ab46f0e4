import { toast } from "./toast";
import { writeClipboard } from "../../shared/clipboard";

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
