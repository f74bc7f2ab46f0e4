import { lazy, Suspense } from "react";
import { Link, useNavigate } from "react-router";
import { AnnouncementBell } from "../../features/announcements/AnnouncementBell";
import { useSession } from "../../features/auth/useSession";
import { QQGroupButton } from "../../features/qq-groups/QQGroupButton";
import { ThemePicker } from "../../features/theme/ThemePicker";
import { SiteBrand } from "../../features/site/SiteBrand";
import { HelpIcon, LogoutIcon } from "../../shared/ui/icons";
import { PATHS } from "../paths";
import styles from "./layout.module.css";

// Only signed-in visitors see it: a guest's first view does not load the logout code.
const LogoutButton = lazy(() => import("../../features/auth/LogoutButton").then((m) => ({ default: m.LogoutButton })));

export function Header() {
  const { token } = useSession();
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <div className={styles.headerBar}>
        <Link to={PATHS.home} className={styles.brand}>
          <SiteBrand nameClassName={styles.siteName} />
        </Link>
        <nav className={styles.tools} aria-label="工具栏">
          <button type="button" className={styles.helpButton} onClick={() => navigate(PATHS.tutorial)}>
            <HelpIcon />
            答疑
          </button>
          <ThemePicker buttonClassName={styles.iconButton} />
          <AnnouncementBell buttonClassName={styles.iconButton} />
          <QQGroupButton buttonClassName={styles.iconButton} />
          {token && (
            <Suspense fallback={<span className={styles.iconButton} aria-hidden />}>
              <LogoutButton className={styles.iconButton} label="退出登录">
                <LogoutIcon />
              </LogoutButton>
            </Suspense>
          )}
        </nav>
      </div>
    </header>
  );
}
