import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { errorMessage } from "../../shared/graphqlError";
import type { CatalogCategory, CatalogPageData } from "../catalog/types";
import type { BannerData } from "./BannerCarousel";
import { contentCache, type ContentVersions } from "../../shared/contentCache";
import {
  BUILT_IN_CATEGORIES,
  catalogContentKind,
  catalogKey,
  catalogVariables,
  defaultCategoryId,
  FALLBACK_CATEGORY_ID,
  initialFilters,
  searchVariables,
  type HomeFilters,
  type PriceValue,
} from "./homeState";
import { takeHomePage } from "./homeQuery";
import { CatalogPageQuery, SearchCatalogQuery } from "./operations";

/** Runs `fn` once the browser has painted the current frame (or after 100 ms where no frame comes, e.g. a hidden tab). */
function afterNextPaint(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}

interface Shown {
  key: string;
  data: CatalogPageData;
}

function kindOf(categories: readonly CatalogCategory[] | null, categoryId: string | null) {
  return catalogContentKind(
    categories?.find((c) => c.id === categoryId),
    categoryId,
  );
}

/**
 * The home page's data: cached banners, categories and list first (local storage, gryx_cache_),
 * then one HomePage request that refreshes all three and the content versions; later category,
 * price, search and page changes read the cache or send a CatalogPage request.
 */
export function useHomeCatalog() {
  const client = useApolloClient();
  const [boot] = useState(() => {
    const categories = contentCache.read<CatalogCategory[]>("categories");
    // Cached categories give a guess at the default category, whose cached list shows until the server answers.
    const categoryId = categories ? defaultCategoryId(categories) : null;
    const filters = initialFilters(categoryId);
    const cached =
      categoryId === null
        ? null
        : contentCache.read<CatalogPageData>(kindOf(categories, categoryId), catalogKey(filters));
    return {
      categories,
      filters,
      banners: contentCache.read<BannerData[]>("banners"),
      shown: cached ? { key: catalogKey(filters), data: cached } : null,
    };
  });
  const [banners, setBanners] = useState<BannerData[] | null>(boot.banners);
  const [categories, setCategories] = useState<CatalogCategory[] | null>(boot.categories);
  const [filters, setFilters] = useState<HomeFilters>(boot.filters);
  const [shown, setShown] = useState<Shown | null>(boot.shown);
  const [error, setError] = useState<string | null>(null);
  const [fallback, setFallback] = useState(false);
  const request = useRef(0);
  const touched = useRef(false);
  const categoriesRef = useRef(categories);
  categoriesRef.current = categories;
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  const remember = useCallback(
    (
      f: HomeFilters,
      data: CatalogPageData,
      versions: ContentVersions | undefined,
      cats: readonly CatalogCategory[] | null,
    ) => {
      const kind = kindOf(cats, f.categoryId);
      contentCache.write(kind, data, versions?.[kind], catalogKey(f));
    },
    [],
  );

  /** Shows a list page from the cache, else asks the server for it; a search asks the whole catalogue. */
  const load = useCallback(
    (f: HomeFilters) => {
      const id = ++request.current;
      const key = catalogKey(f);
      const cats = categoriesRef.current;
      setError(null);
      if (f.search) {
        client
          .query({ query: SearchCatalogQuery, variables: searchVariables(f), fetchPolicy: "no-cache" })
          .then(({ data }) => {
            if (id !== request.current || !data) return;
            contentCache.sync(data.contentVersions);
            setShown({ key, data: data.searchCatalog });
          })
          .catch((e: unknown) => {
            if (id === request.current) setError(errorMessage(e));
          });
        return;
      }
      const cached = contentCache.read<CatalogPageData>(kindOf(cats, f.categoryId), key);
      if (cached) {
        setShown({ key, data: cached });
        return;
      }
      client
        .query({ query: CatalogPageQuery, variables: catalogVariables(f), fetchPolicy: "no-cache" })
        .then(({ data }) => {
          if (id !== request.current || !data) return;
          contentCache.sync(data.contentVersions);
          remember(f, data.catalog, data.contentVersions, categoriesRef.current);
          setShown({ key, data: data.catalog });
        })
        .catch((e: unknown) => {
          if (id === request.current) setError(errorMessage(e));
        });
    },
    [client, remember],
  );

  // First paint: one HomePage request for everything (already sent by the entry on a first load of "/"). The server
  // picks the default category (默认, else the first) and says which one it listed; a list shown from the cache
  // meanwhile is only the client's guess.
  useEffect(() => {
    const f = boot.filters;
    let live = true;
    const showList = (next: HomeFilters) => {
      if (touched.current) return; // the visitor already moved on
      setFilters(next);
      load(next);
    };
    const fallBackToBuiltIns = () => {
      setCategories([...BUILT_IN_CATEGORIES]);
      setFallback(true);
      showList(initialFilters(FALLBACK_CATEGORY_ID));
    };
    takeHomePage(client)
      .then(({ data }) => {
        if (!live) return;
        const versions = data?.contentVersions;
        if (versions) contentCache.sync(versions);
        // A visitor who moved on before this answer came may be looking at a cached list the new versions just
        // dropped (an admin changed it since): that list is asked for again.
        const now = filtersRef.current;
        if (
          touched.current &&
          !now.search &&
          !contentCache.read(kindOf(categoriesRef.current, now.categoryId), catalogKey(now))
        )
          load(now);
        if (data?.banners) {
          setBanners(data.banners);
          contentCache.write("banners", data.banners, versions?.banners);
        } else setBanners((b) => b ?? []);
        // The banner (the page's largest paint) is painted on its own first; categories and the list (with its icon
        // downloads) follow after that paint, as a transition rendered in slices that never block the page for long.
        afterNextPaint(() =>
          startTransition(() => {
            const cats = data?.categories?.length ? data.categories : null;
            if (!cats) return fallBackToBuiltIns();
            contentCache.write("categories", cats, versions?.categories);
            setCategories(cats);
            setFallback(false);
            if (!data?.catalog) return showList(initialFilters(f.categoryId ?? defaultCategoryId(cats)));
            if (touched.current) return;
            const listed = initialFilters(data.catalog.categoryId);
            setFilters(listed);
            remember(listed, data.catalog, versions, cats);
            setShown({ key: catalogKey(listed), data: data.catalog });
          }),
        );
      })
      .catch(() => {
        if (!live) return;
        setBanners((b) => b ?? []);
        // categories cached from an earlier visit are still good; otherwise the two built-ins
        if (categoriesRef.current?.length && f.categoryId !== null) {
          if (!touched.current && !contentCache.read(kindOf(categoriesRef.current, f.categoryId), catalogKey(f)))
            load(f);
          return;
        }
        fallBackToBuiltIns();
      });
    return () => {
      live = false;
    };
  }, [boot, client, load, remember]);

  const change = useCallback(
    (patch: Partial<HomeFilters>) => {
      touched.current = true;
      const prev = filtersRef.current;
      const next = { ...prev, ...patch };
      if (catalogKey(next) === catalogKey(prev)) return;
      filtersRef.current = next;
      setFilters(next);
      load(next);
    },
    [load],
  );

  const key = catalogKey(filters);
  const current = shown && shown.key === key ? shown.data : null;
  return {
    banners,
    categories,
    categoriesFailed: fallback,
    filters,
    catalog: current,
    loading: current === null && error === null,
    error,
    /** A category change ends a search: the category's own list shows. */
    selectCategory: (categoryId: string) => change({ categoryId, search: "", page: 1 }),
    setPrice: (price: PriceValue) => change({ price, page: 1 }),
    /** Searches the whole catalogue; "" returns to the selected category's list. */
    setSearch: (search: string) => change({ search, page: 1 }),
    setPage: (page: number) => change({ page }),
    setPageSize: (pageSize: number) => change({ pageSize, page: 1 }),
    retry: () => load(filters),
  };
}
