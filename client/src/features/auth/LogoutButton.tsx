import { useState, type ReactNode } from "react";
import { Dialog } from "antd-mobile";
import { LOGOUT_TEXTS, useLogout } from "./useLogout";

interface Props {
  className?: string;
  label?: string;
  children: ReactNode;
}

/** A logout button guarded by the 确认退出 dialog; a refused logout shows an alert. */
export function LogoutButton({ className, label, children }: Props) {
  const [asking, setAsking] = useState(false);
  const { logout, pending } = useLogout();

  async function confirm() {
    setAsking(false);
    if (!(await logout())) Dialog.alert({ content: LOGOUT_TEXTS.failed, confirmText: LOGOUT_TEXTS.confirm });
  }

  return (
    <>
      <button type="button" className={className} aria-label={label} disabled={pending} onClick={() => setAsking(true)}>
        {children}
      </button>
      <Dialog
        visible={asking}
        title={LOGOUT_TEXTS.title}
        content={<div style={{ textAlign: "center" }}>{LOGOUT_TEXTS.message}</div>}
        onClose={() => setAsking(false)}
        actions={[
          [
            { key: "cancel", text: LOGOUT_TEXTS.cancel, onClick: () => setAsking(false) },
            { key: "confirm", text: LOGOUT_TEXTS.confirm, bold: true, onClick: confirm },
          ],
        ]}
      />
    </>
  );
}
