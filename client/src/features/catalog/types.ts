/** Shapes the public catalogue components render (GraphQL contract: CatalogItem, CatalogPage, Category). */
export type CatalogKind = "APP" | "DYLIB" | "RESOURCE_SHARE";

export interface CatalogCard {
  id: string;
  kind: CatalogKind;
  name: string;
  icon: string;
  description: string;
  version: string;
  size: number;
  updatedAt: string;
  price: number;
  isFree: boolean;
  bundleId?: string | null;
  author?: string | null;
  category?: string | null;
  tags: string[];
}

export interface CatalogPageData {
  /** The listed category's announcement box, delivered with the list so it never pushes the list down later. */
  notice?: { title: string; content: string } | null;
  items: CatalogCard[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CatalogCategory {
  id: string;
  name: string;
  displayName: string;
  weigh: number;
  kind: CatalogKind;
  builtIn: boolean;
}
