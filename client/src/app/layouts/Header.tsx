import { Link, useNavigate } from "react-router";
import { AnnouncementBell } from "../../features/announcements/AnnouncementBell";
import type { Announcement } from "../../features/announcements/types";
import { LogoutButton } from "../../features/auth/LogoutButton";
import { useSession } from "../../features/auth/useSession";
import { QQGroupButton } from "../../features/qq-groups/QQGroupButton";
import type { QQGroup } from "../../features/qq-groups/types";
import { ThemePicker } from "../../features/theme/ThemePicker";
import { SITE_NAME } from "../../shared/site";
import { HelpIcon, LogoutIcon } from "../../shared/ui/icons";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import { PATHS } from "../paths";
import styles from "./layout.module.css";

// The public announcement and QQ-group lists are served from issue 3 on; until then both are empty.
const ANNOUNCEMENTS: readonly Announcement[] = [];
const QQ_GROUPS: readonly QQGroup[] = [];

export function Header() {
  const { token } = useSession();
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <div className={styles.headerBar}>
        <Link to={PATHS.home} className={styles.brand}>
          <SiteLogo size={32} inverse />
          <span className={styles.siteName}>{SITE_NAME}</span>
        </Link>
        <nav className={styles.tools} aria-label="工具栏">
          <button type="button" className={styles.helpButton} onClick={() => navigate(PATHS.tutorial)}>
            <HelpIcon />
            答疑
          </button>
          <ThemePicker buttonClassName={styles.iconButton} />
          <AnnouncementBell announcements={ANNOUNCEMENTS} buttonClassName={styles.iconButton} />
          <QQGroupButton groups={QQ_GROUPS} buttonClassName={styles.iconButton} />
          {token && (
            <LogoutButton className={styles.iconButton} label="退出登录">
              <LogoutIcon />
            </LogoutButton>
          )}
        </nav>
      </div>
    </header>
  );
}
