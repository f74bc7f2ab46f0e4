import { EXACT_TOTAL_UP_TO, pageTotal, rememberedTotal, rows, type Sql } from "./sql";

/**
 * The home search box: one page of every active item whose search text matches, whatever its kind or category —
 * apps of all categories first, then dynamic libraries, then resource shares, each in its display order.
 *
 * Each branch filters with `<search expression> ILIKE $1` over exactly the expression its trigram index covers
 * (Catalogue migration), so every branch is an index scan; each branch keeps only the first offset + limit rows
 * in its own order, so a page never sorts more than that many rows per kind. The total counts the three branches'
 * matches, bounded as every list's total is (pageTotal).
 */
const BRANCHES = [
  {
    kind: "app",
    from: "apps a LEFT JOIN categories c ON c.id = a.category_id",
    countFrom: "apps a",
    alias: "a",
    search: "(a.name || ' ' || a.keywords || ' ' || a.bundle_id)",
    fee: "a.price",
    columns: `a.id, a.name, a.icon_path, a.description, a.version, a.size AS size, a.updated_at, a.price AS fee, a.bundle_id,
              NULL::varchar AS author, c.name AS category, '{}'::text[] AS tags, a.keywords`,
  },
  {
    kind: "dylib",
    from: "dylibs t",
    countFrom: "dylibs t",
    alias: "t",
    search: "(t.name || ' ' || t.bundle_id || ' ' || catalog_tags_text(t.tags))",
    fee: "t.resource_fee",
    columns: `t.id, t.name, t.icon_path, t.description, t.version, t.file_size AS size, t.updated_at, t.resource_fee AS fee, t.bundle_id,
              t.author, t.category, t.tags, NULL::varchar AS keywords`,
  },
  {
    kind: "resource-share",
    from: "resource_shares t",
    countFrom: "resource_shares t",
    alias: "t",
    search: "(t.name || ' ' || t.bundle_id)",
    fee: "t.resource_fee",
    columns: `t.id, t.name, t.icon_path, t.description, t.version, t.file_size AS size, t.updated_at, t.resource_fee AS fee, t.bundle_id,
              NULL::varchar AS author, NULL::varchar AS category, '{}'::text[] AS tags, NULL::varchar AS keywords`,
  },
] as const;

/** One match of the whole-catalogue search (`kind_rank`: 0 app, 1 dylib, 2 resource share). */
export interface CatalogueSearchRow {
  kind_rank: number;
  id: number;
  name: string;
  icon_path: string;
  description: string;
  version: string;
  size: string;
  updated_at: Date;
  fee: number;
  bundle_id: string;
  author: string | null;
  category: string | null;
  tags: string[];
  keywords: string | null;
}

/** `grams`: the parameter holding the search itself, whose two-character grams narrow the rows from an index. */
/** The price filter of a search: every item, free ones (no price or fee), or paid ones. */
export type SearchPrice = "all" | "free" | "paid";

function where(b: (typeof BRANCHES)[number], price: SearchPrice, grams: string | null): string {
  const parts = [`${b.alias}.is_active`, `${b.search} ILIKE $1`];
  if (grams) parts.push(`catalog_bigrams${b.search} @> catalog_bigrams(${grams})`);
  if (price === "free") parts.push(`${b.fee} = 0`);
  else if (price === "paid") parts.push(`${b.fee} > 0`);
  return parts.join(" AND ");
}

/**
 * The SQL of one page and the FROM of the total (parameters: $1 the LIKE pattern, $2 limit, $3 offset; with `grams`, the
 * search itself: $4 of the page, $2 of the total). A search of two characters or more is narrowed by its two-character
 * grams (CatalogueBigrams migration: trigrams cannot answer two characters); one character is not worth an index.
 */
export function catalogueSearchSql(price: SearchPrice, grams = false): { page: string; matches: string } {
  // Each branch chooses its ids first, from the table alone: walking the display order's index, the filter reads the
  // searched columns from the index itself (apps_public_search_walk_idx includes them), not from a heap page per row.
  const branches = BRANCHES.map((b, rank) => {
    const order = `${b.alias}.sort_order ASC, ${b.alias}.id DESC`;
    const ids = `SELECT ${b.alias}.id FROM ${b.countFrom} WHERE ${where(b, price, grams ? "$4" : null)}
         ORDER BY ${order} LIMIT $2::int + $3::int`;
    return `(SELECT ${rank} AS kind_rank, ${b.alias}.sort_order, ${b.columns} FROM ${b.from} WHERE ${b.alias}.id IN (${ids})
         ORDER BY ${order})`;
  });
  const page = `SELECT * FROM (${branches.join(" UNION ALL ")}) x ORDER BY kind_rank, sort_order ASC, id DESC LIMIT $2 OFFSET $3`;
  const matches = `(${BRANCHES.map((b) => `SELECT 1 FROM ${b.countFrom} WHERE ${where(b, price, grams ? "$2" : null)}`).join(" UNION ALL ")}) matches`;
  return { page, matches };
}

/**
 * One page of the whole-catalogue search for `search` (`like`: its ILIKE pattern), and how many match in all (counted
 * as every list's total is: exact up to a bound, a popular word's big total remembered a minute).
 */
export async function searchCatalogue(
  db: Sql,
  search: string,
  like: string,
  price: SearchPrice,
  limit: number,
  offset: number,
): Promise<{ rows: CatalogueSearchRow[]; total: number }> {
  const grams = [...search].length >= 2;
  const sql = catalogueSearchSql(price, grams);
  const matchParams = [like, ...(grams ? [search] : [])];
  // A term that matched more than EXACT_TOTAL_UP_TO items a moment ago (its total remembered) is popular: each branch
  // walks its display order's index and meets its first rows soon, and the two-character grams would only cost every
  // row walked and the planner's estimate of them (「微信」 among 100,000 apps: 4.7 ms + 2.0 ms of planning against 2.5 +
  // 0.1, bench:scale). Rarer terms keep the grams, whose index finds their few rows.
  const popular = grams && (rememberedTotal(db, sql.matches, matchParams) ?? 0) > EXACT_TOTAL_UP_TO;
  const pageSql = popular ? catalogueSearchSql(price, false).page : sql.page;
  const page = await rows<CatalogueSearchRow>(db, pageSql, [
    like,
    limit,
    offset,
    ...(grams && !popular ? [search] : []),
  ]);
  if (offset === 0 && page.length < limit) return { rows: page, total: page.length };
  return { rows: page, total: await pageTotal(db, sql.matches, matchParams) };
}

/** The kind of each search branch, by `kind_rank`. */
export const CATALOGUE_SEARCH_KINDS = BRANCHES.map((b) => b.kind);
