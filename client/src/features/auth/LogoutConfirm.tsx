import { Dialog } from "antd-mobile";
import "../../shared/ui/antdMobileRender";
import { LOGOUT_TEXTS } from "./useLogout";

/**
 * The 确认退出 dialog (its own chunk: loaded when the logout button is first pressed). It renders into the body, not
 * next to the button: inside the header it would inherit the header's white text and show a white title on white.
 */
export default function LogoutConfirm({
  visible,
  onCancel,
  onConfirm,
}: {
  visible: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      visible={visible}
      getContainer={() => document.body}
      title={LOGOUT_TEXTS.title}
      content={<div style={{ textAlign: "center" }}>{LOGOUT_TEXTS.message}</div>}
      onClose={onCancel}
      actions={[
        [
          { key: "cancel", text: LOGOUT_TEXTS.cancel, onClick: onCancel },
          { key: "confirm", text: LOGOUT_TEXTS.confirm, bold: true, onClick: onConfirm },
        ],
      ]}
    />
  );
}

/** The alert shown when the server refuses the logout. */
export function alertLogoutFailed(): void {
  void Dialog.alert({ content: LOGOUT_TEXTS.failed, confirmText: LOGOUT_TEXTS.confirm });
}
