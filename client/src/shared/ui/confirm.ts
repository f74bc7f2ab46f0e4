import type { DialogConfirmProps } from "antd-mobile";

/**
 * antd-mobile's Dialog.confirm with its code (the dialog, its popup and animation) loaded on the first call, not with
 * the page that offers it. Resolves true when confirmed.
 */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { Dialog } = await import("./DialogLazy");
  return Dialog.confirm(props);
}
