import type { DataSource, EntityManager } from "typeorm";
import {
  categoryAnnouncement,
  categoryAnnouncements,
  categoryById,
  deleteCategoryAnnouncement,
  upsertCategoryAnnouncement,
  type CategoryAnnouncementRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId, requireBoolean, requireText } from "../../common/validate";
import { DYLIB_CATEGORY_ID, RESOURCE_SHARES_CATEGORY_ID } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { CONTENT_MAX, TITLE_MAX } from "./announcements.service";

export interface CategoryAnnouncementInput {
  title?: unknown;
  content?: unknown;
  isActive?: unknown;
}

/** The two built-in pseudo-categories besides the numeric ids of app categories. */
const PSEUDO_CATEGORIES: string[] = [DYLIB_CATEGORY_ID, RESOURCE_SHARES_CATEGORY_ID];

/** A category's box as the resolvers and REST handlers show it. */
export interface CategoryAnnouncement {
  id: number;
  categoryId: string;
  title: string;
  content: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

function toCategoryAnnouncement(r: CategoryAnnouncementRow): CategoryAnnouncement {
  return {
    id: r.id,
    categoryId: r.category_id,
    title: r.title,
    content: r.content,
    isActive: r.is_active,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** One announcement box per category, shown above that category's list on the home page. */
export class CategoryAnnouncementsService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
  ) {}

  /** The active announcement of a category, or null when it has none (not an error). */
  async forCategory(rawCategoryId: unknown): Promise<CategoryAnnouncement | null> {
    const categoryId = parseCategoryId(rawCategoryId);
    const row = await categoryAnnouncement(this.db, categoryId, true);
    return row ? toCategoryAnnouncement(row) : null;
  }

  async listAll(): Promise<CategoryAnnouncement[]> {
    return (await categoryAnnouncements(this.db)).map(toCategoryAnnouncement);
  }

  /** Creates or replaces the announcement of a category. Title and content are required; isActive defaults to true. */
  async upsert(rawCategoryId: unknown, input: CategoryAnnouncementInput): Promise<CategoryAnnouncement> {
    const categoryId = parseCategoryId(rawCategoryId);
    const title = requireText(input.title, "公告标题", TITLE_MAX);
    const content = requireText(input.content, "公告内容", CONTENT_MAX);
    const isActive =
      input.isActive === undefined || input.isActive === null ? true : requireBoolean(input.isActive, "is_active");
    await this.db.transaction(async (m) => {
      if (/^\d+$/.test(categoryId)) {
        if (!(await categoryById(m, Number(categoryId)))) throw new DomainError("CATEGORY_NOT_FOUND");
      }
      await upsertCategoryAnnouncement(m, { categoryId, title, content, isActive });
      await this.bumpVersions(categoryId, m);
    });
    return toCategoryAnnouncement((await categoryAnnouncement(this.db, categoryId, false))!);
  }

  async remove(rawCategoryId: unknown): Promise<void> {
    const categoryId = parseCategoryId(rawCategoryId);
    await this.db.transaction(async (m) => {
      if (!(await deleteCategoryAnnouncement(m, categoryId))) throw new DomainError("CATEGORY_ANNOUNCEMENT_NOT_FOUND");
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
