import type { DataSource, EntityManager } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId, requireBoolean, requireText } from "../../common/validate";
import { DYLIB_CATEGORY_ID, RESOURCE_SHARES_CATEGORY_ID } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { CategoryAnnouncementEntity } from "./announcement.entity";
import { CONTENT_MAX, TITLE_MAX } from "./announcements.service";

export interface CategoryAnnouncementInput {
  title?: unknown;
  content?: unknown;
  isActive?: unknown;
}

/** The two built-in pseudo-categories besides the numeric ids of app categories. */
const PSEUDO_CATEGORIES: string[] = [DYLIB_CATEGORY_ID, RESOURCE_SHARES_CATEGORY_ID];

/** One announcement box per category, shown above that category's list on the home page. */
export class CategoryAnnouncementsService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
  ) {}

  private get repo() {
    return this.db.getRepository(CategoryAnnouncementEntity);
  }

  /** The active announcement of a category, or null when it has none (not an error). */
  async forCategory(rawCategoryId: unknown): Promise<CategoryAnnouncementEntity | null> {
    const categoryId = parseCategoryId(rawCategoryId);
    return this.repo.findOneBy({ categoryId, isActive: true });
  }

  listAll(): Promise<CategoryAnnouncementEntity[]> {
    return this.repo.find({ order: { categoryId: "ASC" } });
  }

  /** Creates or replaces the announcement of a category. Title and content are required; isActive defaults to true. */
  async upsert(rawCategoryId: unknown, input: CategoryAnnouncementInput): Promise<CategoryAnnouncementEntity> {
    const categoryId = parseCategoryId(rawCategoryId);
    const title = requireText(input.title, "公告标题", TITLE_MAX);
    const content = requireText(input.content, "公告内容", CONTENT_MAX);
    const isActive =
      input.isActive === undefined || input.isActive === null ? true : requireBoolean(input.isActive, "is_active");
    await this.db.transaction(async (m) => {
      if (/^\d+$/.test(categoryId)) {
        const found: unknown[] = await m.query(`SELECT 1 FROM categories WHERE id = $1`, [Number(categoryId)]);
        if (found.length === 0) throw new DomainError("CATEGORY_NOT_FOUND");
      }
      await m.query(
        `INSERT INTO category_announcements (category_id, title, content, is_active) VALUES ($1, $2, $3, $4)
         ON CONFLICT (category_id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
           is_active = EXCLUDED.is_active, updated_at = now()`,
        [categoryId, title, content, isActive],
      );
      await this.bumpVersions(categoryId, m);
    });
    return (await this.repo.findOneBy({ categoryId }))!;
  }

  async remove(rawCategoryId: unknown): Promise<void> {
    const categoryId = parseCategoryId(rawCategoryId);
    await this.db.transaction(async (m) => {
      const res = await m.getRepository(CategoryAnnouncementEntity).delete({ categoryId });
      if (!res.affected) throw new DomainError("CATEGORY_ANNOUNCEMENT_NOT_FOUND");
      await this.bumpVersions(categoryId, m);
    });
  }

  /**
   * The box also travels inside the home grid's page (CatalogPage.notice), so the list's kind moves too and the
   * client's cached list pages of that category are dropped with it.
   */
  private async bumpVersions(categoryId: string, m: EntityManager): Promise<void> {
    await this.versions.bump("announcements", m);
    await this.versions.bump(
      categoryId === DYLIB_CATEGORY_ID
        ? "dylibs"
        : categoryId === RESOURCE_SHARES_CATEGORY_ID
          ? "resourceShares"
          : "apps",
      m,
    );
  }
}

/** A category id: a positive integer (an app category) or one of the pseudo-categories. */
function parseCategoryId(raw: unknown): string {
  if (typeof raw === "string" && PSEUDO_CATEGORIES.includes(raw)) return raw;
  return String(parseId(raw, "分类ID"));
}
