import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import {
  AnnouncementBatchResultType,
  AnnouncementInputType,
  AnnouncementPageType,
  AnnouncementType,
  CategoryAnnouncementInputType,
  CategoryAnnouncementType,
} from "./announcements.types";

@Resolver()
export class AnnouncementsResolver {
  @Access("guest")
  @Query(() => [AnnouncementType], { description: "Published announcements, newest first (at most 50)." })
  announcements(@Ctx() ctx: GqlContext): Promise<AnnouncementType[]> {
    return ctx.services.announcements.listPublic();
  }

  @Access("guest")
  @Mutation(() => Boolean, {
    description: "Counts the caller as a reader (once per user, or per guest address and browser).",
  })
  markAnnouncementRead(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    return ctx.services.announcements.markRead(id, {
      userId: ctx.auth?.user.id,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent,
    });
  }

  @Access("admin")
  @Query(() => AnnouncementPageType)
  adminAnnouncements(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<AnnouncementPageType> {
    return ctx.services.announcements.listAdmin({ search, status, page, pageSize });
  }

  @Access("admin")
  @Mutation(() => AnnouncementType)
  createAnnouncement(
    @Arg("input", () => AnnouncementInputType) input: AnnouncementInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<AnnouncementType> {
    return ctx.services.announcements.create({ ...input });
  }

  @Access("admin")
  @Mutation(() => AnnouncementType)
  updateAnnouncement(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => AnnouncementInputType) input: AnnouncementInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<AnnouncementType> {
    return ctx.services.announcements.update(id, { ...input });
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteAnnouncement(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.announcements.remove(id);
    return true;
  }

  @Access("admin")
  @Mutation(() => AnnouncementType)
  setAnnouncementStatus(
    @Arg("id", () => ID) id: string,
    @Arg("status", () => String) status: string,
    @Ctx() ctx: GqlContext,
  ): Promise<AnnouncementType> {
    return ctx.services.announcements.setStatus(id, status);
  }

  @Access("admin")
  @Mutation(() => AnnouncementBatchResultType, {
    description: 'operation: "delete", "publish" or "unpublish"; all ids or none.',
  })
  batchAnnouncements(
    @Arg("operation", () => String) operation: string,
    @Arg("ids", () => [ID]) ids: string[],
    @Ctx() ctx: GqlContext,
  ): Promise<AnnouncementBatchResultType> {
    return ctx.services.announcements.batch(operation, ids);
  }

  @Access("guest")
  @Query(() => CategoryAnnouncementType, {
    nullable: true,
    description: "The active announcement of a category, or null.",
  })
  categoryAnnouncement(
    @Arg("categoryId", () => ID) categoryId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<CategoryAnnouncementType | null> {
    return ctx.services.categoryAnnouncements.forCategory(categoryId);
  }

  @Access("admin")
  @Query(() => [CategoryAnnouncementType])
  adminCategoryAnnouncements(@Ctx() ctx: GqlContext): Promise<CategoryAnnouncementType[]> {
    return ctx.services.categoryAnnouncements.listAll();
  }

  @Access("admin")
  @Mutation(() => CategoryAnnouncementType)
  upsertCategoryAnnouncement(
    @Arg("categoryId", () => ID) categoryId: string,
    @Arg("input", () => CategoryAnnouncementInputType) input: CategoryAnnouncementInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CategoryAnnouncementType> {
    return ctx.services.categoryAnnouncements.upsert(categoryId, { ...input });
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteCategoryAnnouncement(
    @Arg("categoryId", () => ID) categoryId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.categoryAnnouncements.remove(categoryId);
    return true;
  }
}
