import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import type { Page } from "../../graphql/page";
import { viewerOf } from "./software-sources.rest";
import type { SourceAppView, SourceView } from "./software-sources.service";
import {
  EsignUnlockType,
  SoftwareSourceAppPageType,
  SoftwareSourceAppType,
  SoftwareSourceFetchType,
  SoftwareSourceInputType,
  SoftwareSourcePageType,
  SoftwareSourceType,
} from "./software-sources.types";

const out = (s: SourceView): SoftwareSourceType => ({ ...s, isPrivate: s.ownerId !== null });
const appOut = (a: SourceAppView): SoftwareSourceAppType => ({ ...a, size: a.sizeBytes });
const appPage = (p: Page<SourceAppView>) => ({
  items: p.items.map(appOut),
  total: p.total,
  page: p.page,
  pageSize: p.pageSize,
});

@Resolver()
export class SoftwareSourcesResolver {
  @Access("guest")
  @Query(() => [SoftwareSourceType], { description: "The enabled site sources, then the caller's private ones." })
  async softwareSources(@Ctx() ctx: GqlContext): Promise<SoftwareSourceType[]> {
    return (await ctx.services.softwareSources.listVisible(viewerOf(ctx.auth))).map(out);
  }

  @Access("guest")
  @Query(() => SoftwareSourceType)
  async softwareSource(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.getVisible(id, viewerOf(ctx.auth)));
  }

  @Access("guest")
  @Query(() => SoftwareSourceAppPageType, {
    description: "A source's apps in its own order; `q` filters by name or bundle id.",
  })
  async softwareSourceApps(
    @Arg("sourceId", () => ID) sourceId: string,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Arg("q", () => String, { nullable: true }) q: string | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return appPage(await ctx.services.softwareSources.apps(sourceId, viewerOf(ctx.auth), { page, pageSize, q }));
  }

  @Access("guest")
  @Query(() => SoftwareSourceAppType)
  async softwareSourceApp(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<SoftwareSourceAppType> {
    return appOut(await ctx.services.softwareSources.app(id, viewerOf(ctx.auth)));
  }

  @Access("guest")
  @Query(() => SoftwareSourceAppPageType, {
    description: "Apps of every visible source whose name or bundle id contains q.",
  })
  async searchSoftwareSourceApps(
    @Arg("q", () => String) q: string,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return appPage(await ctx.services.softwareSources.search(q, viewerOf(ctx.auth), { page, pageSize }));
  }

  @Access("user")
  @Mutation(() => SoftwareSourceType, { description: "Adds a private source (visible to the caller only) by URL." })
  async addSoftwareSource(
    @Arg("name", () => String) name: string,
    @Arg("url", () => String) url: string,
    @Ctx() ctx: GqlContext,
  ): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.create({ name, url }, requireAuth(ctx).user.id));
  }

  @Access("user")
  @Mutation(() => Boolean, { description: "Removes one of the caller's private sources." })
  async removeSoftwareSource(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.softwareSources.removeOwn(id, requireAuth(ctx).user.id);
    return true;
  }

  @Access("user")
  @Mutation(() => SoftwareSourceType, {
    description: "Fetches one of the caller's sources again (at most once a minute).",
  })
  async refreshSoftwareSource(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.refresh(id, viewerOf(ctx.auth)!));
  }

  @Access("admin")
  @Query(() => SoftwareSourcePageType, { description: "Every site source, enabled or not." })
  async adminSoftwareSources(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Arg("q", () => String, { nullable: true }) q: string | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    const p = await ctx.services.softwareSources.adminList({ page, pageSize, q });
    return { ...p, items: p.items.map(out) };
  }

  @Access("admin")
  @Query(() => SoftwareSourceType)
  async adminSoftwareSource(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.adminGet(id));
  }

  @Access("admin")
  @Query(() => [SoftwareSourceFetchType], { description: "The last 20 fetches of a site source, newest first." })
  async adminSoftwareSourceFetches(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<SoftwareSourceFetchType[]> {
    const s = await ctx.services.softwareSources.adminGet(id);
    return ctx.services.softwareSources.fetches(s.id);
  }

  @Access("admin")
  @Mutation(() => SoftwareSourceType, {
    description: "Adds a site source by URL (fetched by a job) or by its JSON content (parsed now).",
  })
  async adminCreateSoftwareSource(
    @Arg("input", () => SoftwareSourceInputType) input: SoftwareSourceInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.create({ ...input }, null));
  }

  @Access("admin")
  @Mutation(() => SoftwareSourceType)
  async adminUpdateSoftwareSource(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => SoftwareSourceInputType) input: SoftwareSourceInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.update(id, { ...input }));
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async adminDeleteSoftwareSource(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.softwareSources.remove(id);
    return true;
  }

  @Access("admin")
  @Mutation(() => SoftwareSourceType, { description: "Fetches a site source now (at most once a minute)." })
  async adminRefreshSoftwareSource(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GqlContext,
  ): Promise<SoftwareSourceType> {
    return out(await ctx.services.softwareSources.refresh(id, viewerOf(ctx.auth)!));
  }

  @Access("admin")
  @Query(() => [ID], { description: "Categories our published feeds carry (empty = all)." })
  async softwareSourceFeedCategories(@Ctx() ctx: GqlContext): Promise<number[]> {
    return ctx.services.softwareSources.feedCategories();
  }

  @Access("admin")
  @Query(() => Boolean, {
    description:
      "Whether site-wide sources may be on loopback or private addresses (users' private sources never may).",
  })
  async softwareSourcePrivateAddressesAllowed(@Ctx() ctx: GqlContext): Promise<boolean> {
    return ctx.services.softwareSources.privateAddressesAllowed();
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async setSoftwareSourcePrivateAddressesAllowed(
    @Arg("allowed", () => Boolean) allowed: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    return ctx.services.softwareSources.setPrivateAddressesAllowed(allowed);
  }

  @Access("admin")
  @Mutation(() => [ID])
  async setSoftwareSourceFeedCategories(
    @Arg("ids", () => [ID]) ids: string[],
    @Ctx() ctx: GqlContext,
  ): Promise<number[]> {
    return ctx.services.softwareSources.setFeedCategories(ids);
  }

  @Access("user")
  @Query(() => EsignUnlockType)
  async esignUnlock(@Ctx() ctx: GqlContext): Promise<EsignUnlockType> {
    const userId = requireAuth(ctx).user.id;
    return {
      code: ctx.services.sourceFeeds.unlockCode(userId),
      devices: await ctx.services.sourceFeeds.unlockedDevices(userId),
    };
  }

  @Access("admin")
  @Mutation(() => Int, {
    description: "重置下载链接: every IPA link the feeds handed out stops working; returns the new link epoch.",
  })
  async resetSoftwareSourceFeedLinks(@Ctx() ctx: GqlContext): Promise<number> {
    return (await ctx.services.sourceFeeds.resetLinks()).linkEpoch;
  }
}
