import type { DataSource } from "typeorm";
import { CATALOGUE_SEARCH_KINDS, catalogueSearchSql, searchCatalogue, type SearchPrice } from "@gryx/store";
import { fenToYuan, likePattern } from "../../common/validate";
import type { Page } from "../../graphql/page";
import { CatalogKind, PriceFilter, type CatalogItemType, type CatalogQuery } from "./catalog.types";

/**
 * The home search box: one page of every active item whose search text matches, whatever its kind or category
 * (the statements: @gryx/store's catalogue-search.ts).
 */

const KINDS: Record<(typeof CATALOGUE_SEARCH_KINDS)[number], CatalogKind> = {
  app: CatalogKind.APP,
  dylib: CatalogKind.DYLIB,
  "resource-share": CatalogKind.RESOURCE_SHARE,
};

function searchPrice(price: PriceFilter): SearchPrice {
  return price === PriceFilter.FREE ? "free" : price === PriceFilter.PAID ? "paid" : "all";
}

/** The SQL of one page and the FROM of the total (see catalogueSearchSql), for a price filter. */
export function searchSql(price: PriceFilter, grams = false): { page: string; matches: string } {
  return catalogueSearchSql(searchPrice(price), grams);
}

export async function searchCatalog(db: DataSource, search: string, q: CatalogQuery): Promise<Page<CatalogItemType>> {
  const { rows, total } = await searchCatalogue(
    db,
    search,
    likePattern(search),
    searchPrice(q.price),
    q.pageSize,
    q.offset,
  );
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      kind: KINDS[CATALOGUE_SEARCH_KINDS[r.kind_rank]!],
      name: r.name,
      icon: r.icon_path,
      description: r.description,
      version: r.version,
      size: Number(r.size),
      updatedAt: r.updated_at,
      price: fenToYuan(r.fee),
      isFree: r.fee === 0,
      bundleId: r.bundle_id,
      author: r.author,
      category: r.category,
      tags: r.tags,
      keywords: r.keywords,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
