import { Toast } from "antd-mobile";

export const QQ_TEXTS = {
  empty: "暂无可加入的QQ群",
  invalidNumber: "无效的群号",
  copied: "已复制群号，请在QQ中搜索加入",
  copyFailed: "复制失败",
} as const;

/** Copies a group number so the user can search it in QQ. */
export async function copyGroupNumber(number: string): Promise<void> {
  const value = number.trim();
  if (!value) {
    Toast.show({ content: QQ_TEXTS.invalidNumber });
    return;
  }
  try {
    await navigator.clipboard.writeText(value);
    Toast.show({ icon: "success", content: QQ_TEXTS.copied });
  } catch {
    Toast.show({ icon: "fail", content: QQ_TEXTS.copyFailed });
  }
}
