import { useNavigate } from "react-router";
import { AuthDialogs } from "../features/auth/AuthDialogs";
import { useAuthDialogs } from "../features/auth/useAuthDialogs";
import { useSession } from "../features/auth/useSession";
import { AppGrid } from "../features/catalog/AppCard";
import { Pagination } from "../features/catalog/Pagination";
import { GridIcon, SearchIcon } from "../shared/ui/icons";
import { cardTarget } from "../features/catalog/target";
import type { CatalogCard } from "../features/catalog/types";
import { AccountBar } from "../features/home/AccountBar";
import { BannerCarousel } from "../features/home/BannerCarousel";
import { CategoryBar, PriceFilter } from "../features/home/CategoryBar";
import { CategoryNotice } from "../features/home/CategoryNotice";
import { SearchBox } from "../features/home/SearchBox";
import { useHomeCatalog } from "../features/home/useHomeCatalog";
import { SiteFooter } from "../features/site/SiteFooter";
import { usePageTitle } from "../features/site/useSiteInfo";
import styles from "../features/home/home.module.css";

export default function HomePage() {
  usePageTitle();
  const dialogs = useAuthDialogs();
  const { token } = useSession();
  const navigate = useNavigate();
  const home = useHomeCatalog();
  const { filters, catalog } = home;
  const category = home.categories?.find((c) => c.id === filters.categoryId) ?? null;
  // The category announcement comes inside the list's page, so both appear together.
  const ready = !!catalog;
  const notice = catalog?.notice && (catalog.notice.title || catalog.notice.content) ? catalog.notice : null;

  // Search results span every category: an app's own category (by name) decides where its card leads.
  const searching = !!filters.search;
  const open = (item: CatalogCard) => {
    const target = cardTarget(item, searching ? (item.category ? { id: "", name: item.category } : null) : category);
    if (token) void navigate(target);
    else dialogs.openLogin(target);
  };

  return (
    <div className={styles.page}>
      <BannerCarousel banners={home.banners} />
      <SearchBox value={filters.search} onSearch={home.setSearch} />
      <AccountBar onLogin={() => dialogs.openLogin()} onRegister={dialogs.openRegister} />
      <CategoryBar
        categories={home.categories}
        selected={searching ? null : filters.categoryId}
        onSelect={home.selectCategory}
      />

      <div className={styles.sectionHead} id="catalog-list">
        <h2 className={styles.sectionTitle}>
          {searching ? (
            <span>全站搜索</span>
          ) : category ? (
            <span>{category.displayName}</span>
          ) : (
            <span className={`${styles.shimmer} ${styles.titleSkeleton}`} aria-label="加载中" />
          )}
          <span className={styles.sectionCount} aria-label="总数">
            {catalog ? `共 ${catalog.total} 个` : ""}
          </span>
        </h2>
        <PriceFilter value={filters.price} onChange={home.setPrice} />
      </div>
      {filters.search && (
        <div className={styles.searchNote}>
          <span>“{filters.search}”的搜索结果</span>
          <button type="button" onClick={() => home.setSearch("")}>
            清除搜索
          </button>
        </div>
      )}

      {notice && <CategoryNotice key={filters.categoryId} title={notice.title} content={notice.content} />}

      {home.error ? (
        <div className={styles.empty} role="alert">
          <GridIcon />
          <p>{home.error}</p>
          <button type="button" onClick={home.retry}>
            重试
          </button>
        </div>
      ) : ready && catalog.items.length === 0 ? (
        <div className={styles.empty}>
          {filters.search ? <SearchIcon /> : <GridIcon />}
          <p>{filters.search ? "没有找到相关应用，换个关键词试试" : "该分类下暂无应用"}</p>
        </div>
      ) : (
        <AppGrid items={ready ? catalog.items : null} loading={!ready} onOpen={open} />
      )}

      {ready && (
        <Pagination
          total={catalog.total}
          page={filters.page}
          pageSize={filters.pageSize}
          onPageChange={(p) => {
            home.setPage(p);
            document.getElementById("catalog-list")?.scrollIntoView({ behavior: "smooth", block: "start" });
          }}
          onPageSizeChange={home.setPageSize}
        />
      )}

      <SiteFooter />
      <AuthDialogs dialogs={dialogs} />
    </div>
  );
}
