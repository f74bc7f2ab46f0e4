import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { SigningTaskType } from "../signing/signing.types";
import { ResignIncidentItemType, ResignIncidentPageType, ResignIncidentType } from "./resign.types";

@Resolver()
export class ResignResolver {
  @Access("user")
  @Mutation(() => SigningTaskType, {
    description:
      "换证书重签: re-signs a task whose certificate was revoked on another of the caller's certificates; the link stays.",
  })
  async resignSigningTask(
    @Arg("id", () => ID) id: string,
    @Arg("certificateId", () => ID) certificateId: string,
    @Ctx() ctx: GqlContext,
  ) {
    const userId = requireAuth(ctx).user.id;
    await ctx.services.resign.resignWith(userId, id, certificateId, (c) => ctx.services.signing.canSignWith(userId, c));
    return ctx.services.signing.taskMine(userId, id);
  }

  @Access("admin")
  @Query(() => ResignIncidentPageType, { description: "Revocation incidents (掉签), newest first." })
  adminResignIncidents(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.resign.incidents({ page, pageSize });
  }

  @Access("admin")
  @Query(() => [ResignIncidentItemType], { description: "An incident's tasks: those not repaired first, with why." })
  adminResignIncidentItems(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.resign.incidentItems(id);
  }

  @Access("admin")
  @Mutation(() => ResignIncidentType, {
    description: "全部重试: tries every failed or unreplaced task of the incident again.",
  })
  adminRetryResignIncident(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.resign.retryAll(id);
  }
}
