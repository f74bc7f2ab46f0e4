import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { SafeArea, TabBar } from "antd-mobile";
import { AppstoreOutline, CheckShieldOutline, EditSOutline, GlobalOutline, ShopbagOutline, UserOutline } from "antd-mobile-icons";
import { peekRedirectFrom } from "../../features/auth/loginTarget";
import { activeTab, TABS, type TabPath } from "./tabs";
import styles from "./layout.module.css";

const ICONS: Record<TabPath, ReactNode> = {
  "/": <AppstoreOutline />,
  "/software-source": <GlobalOutline />,
  "/signature": <EditSOutline />,
  "/certificate": <ShopbagOutline />,
  "/management": <CheckShieldOutline />,
  "/profile": <UserOutline />,
};

export function BottomNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div className={styles.navPlaceholder} aria-hidden />
      <nav className={styles.bottomNav} aria-label="主导航">
        <TabBar activeKey={activeTab(pathname, peekRedirectFrom())} onChange={(key) => navigate(key)}>
          {TABS.map((t) => (
            <TabBar.Item key={t.path} icon={ICONS[t.path]} title={t.title} />
          ))}
        </TabBar>
        <SafeArea position="bottom" />
      </nav>
    </>
  );
}
