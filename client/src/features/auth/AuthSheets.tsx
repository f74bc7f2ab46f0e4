import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Popup, Toast } from "antd-mobile";
import "../../shared/ui/antdMobileRender";
import { CloseOutline } from "antd-mobile-icons";
import { LoginForm } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";
import type { AuthDialogsController } from "./useAuthDialogs";
import styles from "./auth.module.css";

function Sheet({
  title,
  visible,
  onClose,
  children,
}: {
  title: string;
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 20, borderTopRightRadius: 20, background: "var(--theme-card-bg, #fff)" }}
      destroyOnClose
    >
      <section className={styles.sheet} role="dialog" aria-label={title}>
        <header className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>{title}</h2>
          <button type="button" className={styles.sheetClose} aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        {children}
      </section>
    </Popup>
  );
}

/** The login and register sheets, switching between each other (loaded on first use, see AuthDialogs). */
export default function AuthSheets({ dialogs }: { dialogs: AuthDialogsController }) {
  const navigate = useNavigate();
  return (
    <>
      <Sheet title="账号登录" visible={dialogs.open === "login"} onClose={dialogs.close}>
        <LoginForm
          key={dialogs.username ?? ""}
          initialUsername={dialogs.username}
          onSwitchToRegister={dialogs.openRegister}
          onLeave={dialogs.close}
          returnTo={dialogs.target}
          onSuccess={() => {
            dialogs.close();
            Toast.show({ icon: "success", content: "登录成功" });
            if (dialogs.target) void navigate(dialogs.target);
          }}
        />
      </Sheet>
      <Sheet title="注册账号" visible={dialogs.open === "register"} onClose={dialogs.close}>
        <RegisterForm
          onSwitchToLogin={() => dialogs.openLogin(dialogs.target)}
          onRegistered={(username) => {
            Toast.show({ icon: "success", content: "注册成功，请登录" });
            dialogs.openLogin(dialogs.target, username);
          }}
        />
      </Sheet>
    </>
  );
}
