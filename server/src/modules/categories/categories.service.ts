import type { DataSource, EntityManager } from "typeorm";
import {
  anyAppInCategory,
  categoryById,
  categoryByName,
  defaultCategory,
  deleteCategory,
  deleteCategoryNote,
  insertCategory,
  lastCategoryWeigh,
  listCategories,
  lockCategories,
  lockCategory,
  reorderCategories,
  restoreCategories,
  updateCategory,
  type CategoryFields as CategoryColumns,
  type CategoryRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { given, optionalText, parseId, requireText } from "../../common/validate";
import { CatalogKind, DYLIB_CATEGORY_ID, RESOURCE_SHARES_CATEGORY_ID } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { parseIdList } from "../catalog/catalog-items";
import type { CategoryType } from "./categories.types";

const WEIGH_LIMIT = 1_000_000;

/** The two built-in pseudo-categories, appended to the list (their ids are also their names, and reserved). */
const BUILT_IN_CATEGORIES: readonly { id: string; displayName: string; kind: CatalogKind }[] = [
  { id: DYLIB_CATEGORY_ID, displayName: "动态库", kind: CatalogKind.DYLIB },
  { id: RESOURCE_SHARES_CATEGORY_ID, displayName: "资源分享", kind: CatalogKind.RESOURCE_SHARE },
];

/** What "reset to default" restores: name = display name, weigh from first to last. */
const DEFAULT_CATEGORIES: readonly string[] = ["默认", "游戏", "工具", "影音", "社交"];

export interface CategoryFields {
  name?: unknown;
  displayName?: unknown;
  weigh?: unknown;
}

/** App categories: the public list (with the pseudo-categories), and the admin's CRUD, order and reset. */
export class CategoriesService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
  ) {}

  view(e: CategoryRow): CategoryType {
    return {
      id: String(e.id),
      name: e.name,
      displayName: e.display_name,
      weigh: e.weigh,
      kind: CatalogKind.APP,
      builtIn: false,
    };
  }

  /** Real categories by weigh (larger first), then id; then the pseudo-categories, weighted below all of them. */
  async list(): Promise<CategoryType[]> {
    const rows = await listCategories(this.db);
    const out = rows.map((r) => this.view(r));
    let weigh = rows.length ? Math.min(0, rows[rows.length - 1].weigh) : 0;
    for (const b of BUILT_IN_CATEGORIES) {
      // Their names are reserved, so a real category never takes their place; still, never list one twice.
      if (out.some((c) => c.id === b.id || c.name.toLowerCase() === b.id)) continue;
      out.push({ id: b.id, name: b.id, displayName: b.displayName, weigh: --weigh, kind: b.kind, builtIn: true });
    }
    return out;
  }

  async get(rawId: unknown, manager: EntityManager = this.db.manager): Promise<CategoryRow> {
    const id = parseId(rawId, "分类ID");
    const row = await categoryById(manager, id);
    if (!row) throw new DomainError("CATEGORY_NOT_FOUND");
    return row;
  }

  /**
   * The category the home page opens on (spec §4): the one named 默认 if it exists, else the first in list order;
   * with no real category at all, the first pseudo-category (动态库).
   */
  async defaultCategoryId(): Promise<string> {
    const id = await defaultCategory(this.db);
    return id !== undefined ? String(id) : BUILT_IN_CATEGORIES[0].id;
  }

  /** A real category by its name (case-insensitive), for `?category_id=<name>`; null when there is none. */
  async findByName(name: string): Promise<CategoryRow | null> {
    return (await categoryByName(this.db, name)) ?? null;
  }

  async create(input: CategoryFields): Promise<CategoryType> {
    const fields = this.checkFields(input, true);
    const id = await this.save(async (m) => {
      // New categories go last among the real ones.
      const weigh = fields.weigh ?? (await lastCategoryWeigh(m, -WEIGH_LIMIT));
      return insertCategory(m, { name: fields.name!, displayName: fields.displayName || fields.name!, weigh });
    }, fields.name);
    return this.view(await this.get(id));
  }

  async update(rawId: unknown, input: CategoryFields): Promise<CategoryType> {
    const id = parseId(rawId, "分类ID");
    const fields = this.checkFields(input, false);
    await this.save(
      async (m) => {
        const row = await this.get(id, m);
        if (fields.displayName === "") fields.displayName = fields.name ?? row.name;
        await updateCategory(m, id, fields);
        return id;
      },
      fields.name,
      id,
    );
    return this.view(await this.get(id));
  }

  /** Refuses (409) while apps still belong to the category: moving them is the admin's decision. Removes its note. */
  async delete(rawId: unknown): Promise<boolean> {
    const id = parseId(rawId, "分类ID");
    await this.db.transaction(async (m) => {
      if (!(await lockCategory(m, id))) throw new DomainError("CATEGORY_NOT_FOUND");
      if (await anyAppInCategory(m, id)) throw new DomainError("CATEGORY_HAS_APPS");
      await deleteCategory(m, id);
      // The category's note above its list goes with it.
      if (await deleteCategoryNote(m, id)) await this.versions.bump("announcements", m);
      await this.bump(m);
    });
    return true;
  }

  /** The listed categories take the top places in that sequence; the others keep their order after them. */
  async reorder(rawIds: unknown): Promise<CategoryType[]> {
    const ids = parseIdList(rawIds, "要排序的分类", 1000);
    await this.db.transaction(async (m) => {
      if ((await lockCategories(m, ids)) !== ids.length) throw new DomainError("CATEGORY_NOT_FOUND");
      await reorderCategories(m, ids);
      await this.bump(m);
    });
    return this.list();
  }

  /**
   * Restores the default categories (默认, 游戏, 工具, 影音, 社交): missing ones are created, existing ones get their
   * default display name back, and they take the top places in that order. Other categories are kept (they may
   * hold apps) and follow in their previous order.
   */
  async resetDefault(): Promise<CategoryType[]> {
    await this.db.transaction(async (m) => {
      await restoreCategories(m, DEFAULT_CATEGORIES);
      await this.bump(m);
    });
    return this.list();
  }

  /** Runs a write in a transaction, maps the unique name index to 409, and bumps the versions. */
  private async save(write: (m: EntityManager) => Promise<number>, name?: string, id?: number): Promise<number> {
    // The unique index decides races; this check only spares the log a failed insert in the common case.
    const taken = name === undefined ? null : await this.findByName(name);
    if (taken && taken.id !== id) throw new DomainError("CATEGORY_NAME_TAKEN");
    try {
      return await this.db.transaction(async (m) => {
        const id = await write(m);
        await this.bump(m);
        return id;
      });
    } catch (e) {
      if ((e as { code?: string }).code === "23505") throw new DomainError("CATEGORY_NAME_TAKEN");
      throw e;
    }
  }

  /** Categories are shown on the bar and as the apps' category names: both caches go stale. */
  private async bump(m: EntityManager): Promise<void> {
    await this.versions.bump("categories", m);
    await this.versions.bump("apps", m);
  }

  private checkFields(input: CategoryFields, creating: boolean): CategoryColumns {
    if (!input || typeof input !== "object") throw new DomainError("BAD_REQUEST");
    const out: CategoryColumns = {};
    if (creating || given(input.name)) {
      out.name = requireText(input.name, "分类名称", 100);
      const lower = out.name.toLowerCase();
      if (BUILT_IN_CATEGORIES.some((b) => b.id === lower)) throw new DomainError("CATEGORY_NAME_RESERVED");
    }
    if (given(input.displayName)) out.displayName = optionalText(input.displayName, "显示名称", 100);
    if (given(input.weigh)) {
      const w =
        typeof input.weigh === "string" && /^\s*-?\d+\s*$/.test(input.weigh) ? Number(input.weigh) : input.weigh;
      if (typeof w !== "number" || !Number.isInteger(w) || Math.abs(w) > WEIGH_LIMIT)
        throw new DomainError("CATEGORY_WEIGHT_INVALID");
      out.weigh = w;
    }
    return out;
  }
}
