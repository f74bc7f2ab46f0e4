import { DomainError } from "../../common/errors";
import type { DataSource } from "typeorm";
import { pageArgs, parseId, queryString } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { AppsService } from "../apps/apps.service";
import type { CategoriesService } from "../categories/categories.service";
import { searchCatalog } from "./catalog-search";
import {
  DYLIB_CATEGORY_ID,
  PriceFilter,
  RESOURCE_SHARES_CATEGORY_ID,
  type CatalogItemType,
  type CatalogPageType,
  type CatalogQuery,
} from "./catalog.types";

/** Anything that answers one page of home-grid cards: the dylib and resource-share services implement it. */
export interface CatalogSource {
  catalogPage(q: CatalogQuery): Promise<Page<CatalogItemType>>;
}

export interface CatalogArgs {
  /** null/undefined = all apps; "dylib"; "resource-shares"; or a real category's id. */
  categoryId?: unknown;
  /** A real category's name instead of its id (REST `?category_id=<type name>`); the pseudo ids work too. */
  categoryName?: unknown;
  /** With no category given: list the home page's default category (默认, else the first) instead of all apps. */
  defaultCategory?: boolean;
  price?: unknown;
  search?: unknown;
  page?: unknown;
  pageSize?: unknown;
}

/** The home page's grid size: 10 by default (options 10/20/50/100). */
const CATALOG_PAGE_DEFAULTS = { pageSize: 10, maxPageSize: 100 };

/**
 * The home grid: one page of cards of a category. Apps are listed per real category (or all of them),
 * the pseudo-categories go to the dylib and resource-share sources.
 */
export class CatalogService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly apps: AppsService,
    private readonly sources: { dylibs?: CatalogSource; resourceShares?: CatalogSource } = {},
    private readonly db: DataSource,
  ) {}

  /**
   * The home search box: one page of the whole catalogue (apps of every category, dylibs, resource shares) whose
   * search text matches, with the price filter. categoryId of the page is null: no one category is listed.
   */
  async search(args: Omit<CatalogArgs, "categoryId" | "categoryName" | "defaultCategory">): Promise<CatalogPageType> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize, CATALOG_PAGE_DEFAULTS);
    const search = queryString(args.search ?? undefined, 100)?.trim();
    if (!search) throw new DomainError("CATALOG_SEARCH_EMPTY");
    const result = await searchCatalog(this.db, search, {
      price: parsePrice(args.price),
      search,
      page,
      pageSize,
      offset,
    });
    return { ...result, categoryId: null };
  }

  async page(args: CatalogArgs): Promise<CatalogPageType> {
    const { page, pageSize, offset } = pageArgs(args.page, args.pageSize, CATALOG_PAGE_DEFAULTS);
    const q: CatalogQuery = {
      price: parsePrice(args.price),
      search: queryString(args.search ?? undefined, 100)?.trim() || null,
      page,
      pageSize,
      offset,
    };
    const target = await this.target(args);
    const categoryId = target === null ? null : String(target);
    if (target === DYLIB_CATEGORY_ID) return { ...(await this.source(this.sources.dylibs).catalogPage(q)), categoryId };
    if (target === RESOURCE_SHARES_CATEGORY_ID)
      return { ...(await this.source(this.sources.resourceShares).catalogPage(q)), categoryId };
    return { ...(await this.apps.catalogPage(q, target)), categoryId };
  }

  /** null = all apps, a number = one category's apps, or a pseudo-category id. */
  private async target(
    args: CatalogArgs,
  ): Promise<number | null | typeof DYLIB_CATEGORY_ID | typeof RESOURCE_SHARES_CATEGORY_ID> {
    const pseudo = (v: unknown) => (v === DYLIB_CATEGORY_ID || v === RESOURCE_SHARES_CATEGORY_ID ? v : null);
    if (args.categoryName !== undefined && args.categoryName !== null && args.categoryName !== "") {
      const name = queryString(args.categoryName, 100)!;
      const p = pseudo(name);
      if (p) return p;
      const found = await this.categories.findByName(name);
      if (found) return found.id;
      // Old links may carry the id instead of the name.
      if (/^\d{1,10}$/.test(name)) return (await this.categories.get(name)).id;
      throw new DomainError("CATEGORY_NOT_FOUND");
    }
    if (args.categoryId === undefined || args.categoryId === null || args.categoryId === "") {
      if (!args.defaultCategory) return null;
      const chosen = await this.categories.defaultCategoryId();
      return pseudo(chosen) ?? Number(chosen);
    }
    const p = pseudo(args.categoryId);
    if (p) return p;
    if (typeof args.categoryId !== "string" && typeof args.categoryId !== "number")
      throw new DomainError("CATEGORY_NOT_FOUND");
    if (!/^\d{1,10}$/.test(String(args.categoryId))) throw new DomainError("CATEGORY_NOT_FOUND");
    return (await this.categories.get(parseId(args.categoryId, "分类ID"))).id;
  }

  private source(s: CatalogSource | undefined): CatalogSource {
    if (!s) throw new DomainError("CATEGORY_NOT_FOUND");
    return s;
  }
}

/** ALL/FREE/PAID from GraphQL, or all/free/paid from a query string; missing = all. */
function parsePrice(raw: unknown): PriceFilter {
  if (raw === undefined || raw === null || raw === "") return PriceFilter.ALL;
  const v = typeof raw === "string" ? raw.toUpperCase() : raw;
  if (v === PriceFilter.ALL || v === PriceFilter.FREE || v === PriceFilter.PAID) return v;
  throw new DomainError("CATALOG_PRICE_FILTER_INVALID");
}
