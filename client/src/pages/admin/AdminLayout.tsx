import { lazy, Suspense, useState, type ComponentType } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { Button } from "antd";
import { HomeOutlined, MenuOutlined, UserOutlined } from "@ant-design/icons";
import { AdminLogoutButton } from "../../features/admin/shell/AdminLogoutButton";
import { ADMIN_PAGES, adminHref, adminPageAt, mayOpen } from "../../app/adminPages";
import { AdminProviders } from "../../features/admin/shell/AdminProviders";
import { useSession } from "../../features/auth/useSession";
import { useShownOnce } from "../../shared/ui/lazyShown";
import { useMediaQuery } from "../../shared/mediaQuery";
import { usePageTitle } from "../../features/site/useSiteInfo";
import { SITE_NAME } from "../../shared/site";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import styles from "../../features/admin/shell/admin.module.css";
import ui from "../../shared/ui/ui.module.css";

const MenuDrawer = lazy(() => import("../../features/admin/shell/MenuDrawer"));

/** The menu, from the page registry; each icon module is in this bundle already, so it shows at once. */
const MENU_ITEMS = ADMIN_PAGES.map((p) => {
  const Icon: ComponentType = lazy(p.icon);
  return {
    page: p,
    key: adminHref(p),
    label: p.label,
    icon: (
      <Suspense fallback={null}>
        <Icon />
      </Suspense>
    ),
  };
});

/**
 * The menu: a link per page the user may open, the current one marked (also on its sub-pages). Plain links, not
 * antd's Menu: the back office's first load carries no menu component (see the admin budget in vite.config.ts).
 */
function Navigation({ dark, onNavigate }: { dark: boolean; onNavigate?: () => void }) {
  const { user } = useSession();
  // Staff see only the pages of the permissions they hold.
  const items = MENU_ITEMS.filter((m) => mayOpen(user, m.page));
  return (
    <>
      <div className={dark ? styles.brand : `${styles.brand} ${styles.brandDark}`}>
        <SiteLogo size={30} />
        {SITE_NAME} 管理后台
      </div>
      <nav className={dark ? styles.nav : `${styles.nav} ${styles.navLight}`} aria-label="管理菜单">
        {items.map((m) => (
          <NavLink
            key={m.key}
            to={m.key}
            className={({ isActive }) => (isActive ? `${styles.navItem} ${styles.navItemActive}` : styles.navItem)}
            onClick={onNavigate}
          >
            <span className={styles.navIcon} aria-hidden>
              {m.icon}
            </span>
            <span className={styles.navLabel}>{m.label}</span>
          </NavLink>
        ))}
      </nav>
    </>
  );
}

/** Wide screens (antd's lg and up) show the menu beside the page; narrower ones open it in a drawer. */
const WIDE = "(min-width: 992px)";

function Shell() {
  const wide = useMediaQuery(WIDE, true);
  const [drawer, setDrawer] = useState(false);
  const drawerShown = useShownOnce(drawer);
  const { pathname } = useLocation();
  const { user } = useSession();
  usePageTitle(adminPageAt(pathname)?.label ?? "管理后台");
  return (
    <div className={styles.layout}>
      {wide && (
        <aside className={styles.sider}>
          <Navigation dark />
        </aside>
      )}
      {!wide && drawerShown && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawer} onClose={() => setDrawer(false)}>
            <Navigation dark={false} onNavigate={() => setDrawer(false)} />
          </MenuDrawer>
        </Suspense>
      )}
      <div className={styles.main}>
        <header className={styles.header}>
          {!wide && <Button type="text" icon={<MenuOutlined />} aria-label="菜单" onClick={() => setDrawer(true)} />}
          <div className={styles.title}>{adminPageAt(pathname)?.label ?? "管理后台"}</div>
          <Link to="/" title="返回前台">
            <Button type="text" icon={<HomeOutlined />} aria-label="返回前台" />
          </Link>
          <div className={styles.user}>
            {/* antd's small icon Avatar in plain elements: its module brings Avatar.Group's Popover to every page. */}
            <span className={styles.avatar}>
              <UserOutlined />
            </span>
            <span className={styles.userName}>{user?.username}</span>
          </div>
          <AdminLogoutButton />
        </header>
        <main className={styles.content}>
          <Suspense
            fallback={
              <div className={styles.pageLoading} role="status" aria-label="加载中">
                <span className={ui.spinner} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminProviders>
      <Shell />
    </AdminProviders>
  );
}
