import { lazy, Suspense, useState, type ComponentType } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { Button, Grid, Layout, Menu, Spin } from "antd";
import { HomeOutlined, MenuOutlined, UserOutlined } from "@ant-design/icons";
import { AdminLogoutButton } from "../../features/admin/shell/AdminLogoutButton";
import { ADMIN_PAGES, adminHref, adminPageAt, mayOpen } from "../../app/adminPages";
import { AdminProviders } from "../../features/admin/shell/AdminProviders";
import { useSession } from "../../features/auth/useSession";
import { useShownOnce } from "../../shared/ui/lazyShown";
import { usePageTitle } from "../../features/site/useSiteInfo";
import { SITE_NAME } from "../../shared/site";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import styles from "../../features/admin/shell/admin.module.css";

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

function Navigation({ dark, onNavigate }: { dark: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  // Staff see only the pages of the permissions they hold.
  const items = MENU_ITEMS.filter((m) => mayOpen(user, m.page)).map(({ page: _page, ...item }) => item);
  return (
    <>
      <div className={dark ? styles.brand : `${styles.brand} ${styles.brandDark}`}>
        <SiteLogo size={30} />
        {SITE_NAME} 管理后台
      </div>
      <Menu
        theme={dark ? "dark" : "light"}
        mode="inline"
        selectedKeys={items.filter((m) => pathname === m.key || pathname.startsWith(`${m.key}/`)).map((m) => m.key)}
        items={items}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
      />
    </>
  );
}

function Shell() {
  const wide = Grid.useBreakpoint().lg ?? false;
  const [drawer, setDrawer] = useState(false);
  const drawerShown = useShownOnce(drawer);
  const { pathname } = useLocation();
  const { user } = useSession();
  usePageTitle(adminPageAt(pathname)?.label ?? "管理后台");
  return (
    <Layout className={styles.layout}>
      {wide && (
        <Layout.Sider width={220} theme="dark">
          <Navigation dark />
        </Layout.Sider>
      )}
      {!wide && drawerShown && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawer} onClose={() => setDrawer(false)}>
            <Navigation dark={false} onNavigate={() => setDrawer(false)} />
          </MenuDrawer>
        </Suspense>
      )}
      <Layout>
        <Layout.Header className={styles.header}>
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
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Suspense fallback={<Spin style={{ display: "block", margin: "80px auto" }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export default function AdminLayout() {
  return (
    <AdminProviders>
      <Shell />
    </AdminProviders>
  );
}
