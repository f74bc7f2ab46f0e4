import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { peekRedirectFrom } from "../../features/auth/loginTarget";
import { AppsIcon, BagIcon, GlobeIcon, PersonIcon, ShieldCheckIcon, SignIcon } from "../../shared/ui/icons";
import { activeTab, TABS, type TabPath } from "./tabs";
import styles from "./layout.module.css";

const ICONS: Record<TabPath, ReactNode> = {
  "/": <AppsIcon />,
  "/software-source": <GlobeIcon />,
  "/signature": <SignIcon />,
  "/certificate": <BagIcon />,
  "/management": <ShieldCheckIcon />,
  "/profile": <PersonIcon />,
};

/** The six tabs at the bottom of every users' page, plain links (no component library on the critical path). */
export function BottomNav() {
  const { pathname } = useLocation();
  const active = activeTab(pathname, peekRedirectFrom());
  return (
    <>
      <div className={styles.navPlaceholder} aria-hidden />
      <nav className={styles.bottomNav} aria-label="主导航">
        <ul className={styles.tabs}>
          {TABS.map((t) => (
            <li key={t.path}>
              <Link to={t.path} className={styles.tab} aria-current={active === t.path ? "page" : undefined}>
                <span className={styles.tabIcon}>{ICONS[t.path]}</span>
                <span className={styles.tabTitle}>{t.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
