import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Whole-catalogue search of two characters (「微信」, 「相机」: most Chinese searches) from an index. pg_trgm's indexes
 * cannot answer `ILIKE '%微信%'`: the pattern holds no trigram, so the planner reads every row. A GIN index over the
 * searched text's two-character grams (lower-cased, as ILIKE compares) can: every gram of the search is in the text of
 * any row that contains the search, so `catalog_bigrams(text) @> catalog_bigrams(search)` narrows the rows from the
 * index and ILIKE rechecks them. Over the same expression as each trigram index (Catalogue migration).
 */
export class CatalogueBigrams1765200000000 implements MigrationInterface {
  name = "CatalogueBigrams1765200000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION catalog_bigrams(text) RETURNS text[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT coalesce(array_agg(DISTINCT substr(lower($1), i, 2)), '{}') FROM generate_series(1, length($1) - 1) i $$`);
    await q.query(
      `CREATE INDEX apps_search_bigram_idx ON apps USING gin (catalog_bigrams(name || ' ' || keywords || ' ' || bundle_id))`,
    );
    await q.query(
      `CREATE INDEX dylibs_search_bigram_idx ON dylibs USING gin (catalog_bigrams(name || ' ' || bundle_id || ' ' || catalog_tags_text(tags)))`,
    );
    await q.query(
      `CREATE INDEX resource_shares_search_bigram_idx ON resource_shares USING gin (catalog_bigrams(name || ' ' || bundle_id))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX resource_shares_search_bigram_idx`);
    await q.query(`DROP INDEX dylibs_search_bigram_idx`);
    await q.query(`DROP INDEX apps_search_bigram_idx`);
    await q.query(`DROP FUNCTION catalog_bigrams(text)`);
  }
}
