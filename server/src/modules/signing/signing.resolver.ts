import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { parseId } from "../../common/validate";
import {
  AdminSigningTaskPageType,
  AdminSigningTaskType,
  CreateSigningTaskInputType,
  SignableAppPageType,
  SignableCertificateType,
  SignableDylibType,
  SigningCleanupType,
  SigningInstallType,
  SigningSettingsInputType,
  SigningSettingsType,
  SigningStatsType,
  SigningTaskFilterInputType,
  SigningTaskPageType,
  SigningTaskType,
  SigningUploadType,
} from "./signing.types";
import type { SigningTaskView } from "./signing.service";

@Resolver()
export class SigningResolver {
  // ---- the caller's signing ----

  @Access("user")
  @Query(() => [SignableCertificateType], {
    description:
      "Certificates the caller may sign with: own (uploaded or bought), temporary, and the demo certificate where offered.",
  })
  signableCertificates(@Ctx() ctx: GqlContext) {
    return ctx.services.signing.signableCertificates(requireAuth(ctx).user.id);
  }

  @Access("user")
  @Query(() => SignableAppPageType, { description: "Catalogue apps the caller may sign: free or bought, with an IPA." })
  signableApps(
    @Arg("search", () => String, { nullable: true }) search: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.signing.signableApps(requireAuth(ctx).user.id, { search, page, pageSize });
  }

  @Access("user")
  @Query(() => [SignableDylibType], { description: "Dylib plugins the caller may inject (free or bought)." })
  signableDylibs(@Ctx() ctx: GqlContext) {
    return ctx.services.signing.signableDylibs(requireAuth(ctx).user.id);
  }

  @Access("user")
  @Query(() => [SigningUploadType], {
    description: "The caller's uploaded IPAs still kept (upload with POST /api/signing/upload-ipa, field ipa).",
  })
  mySigningUploads(@Ctx() ctx: GqlContext) {
    return ctx.services.signing.uploadsMine(requireAuth(ctx).user.id);
  }

  @Access("user")
  @Query(() => SigningTaskPageType, { description: "The caller's signing tasks, newest first." })
  mySigningTasks(
    @Arg("status", () => String, { nullable: true }) status: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.signing.tasksMine(requireAuth(ctx).user.id, { status, page, pageSize });
  }

  @Access("user")
  @Query(() => SigningTaskType)
  signingTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.taskMine(requireAuth(ctx).user.id, id);
  }

  @Access("guest")
  @Query(() => SigningInstallType, {
    description: "The install page of a done task: the owner's, or anyone's with the page's link token.",
  })
  signingInstall(
    @Arg("id", () => ID) id: string,
    @Arg("token", () => String, { nullable: true }) token: string | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.signing.install(
      id,
      ctx.auth && token === undefined ? { userId: ctx.auth.user.id } : { token },
      ctx.meta.origin,
    );
  }

  @Access("user")
  @Mutation(() => SigningUploadType, {
    description: "Takes a software-source app's IPA (fetched by the server) as an upload to sign.",
  })
  importSourceAppForSigning(@Arg("sourceAppId", () => ID) sourceAppId: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.importSourceApp(requireAuth(ctx).user, sourceAppId);
  }

  @Access("user")
  @Mutation(() => SigningTaskType, {
    description:
      "Signs an upload or a catalogue app with one of the caller's certificates; charges per the signing settings.",
  })
  createSigningTask(
    @Arg("input", () => CreateSigningTaskInputType) input: CreateSigningTaskInputType,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.signing.createTask(requireAuth(ctx).user.id, input);
  }

  @Access("user")
  @Mutation(() => SigningTaskType)
  cancelSigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.cancel(requireAuth(ctx).user.id, id);
  }

  @Access("user")
  @Mutation(() => SigningTaskType, { description: "Runs a failed or cancelled task again." })
  retrySigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.retry(requireAuth(ctx).user.id, id);
  }

  @Access("user")
  @Mutation(() => Boolean, {
    description: "Deletes a task and its signed IPA (cancelling it first when it still runs).",
  })
  deleteSigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.delete(requireAuth(ctx).user.id, id);
  }

  @Access("user")
  @Mutation(() => SigningTaskType, { description: "Takes one download from the task's quota." })
  deductSigningDownload(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.deductDownload(requireAuth(ctx).user.id, id);
  }

  @Access("user")
  @Subscription(() => SigningTaskType, {
    subscribe: ({ args, context }) => {
      const ctx = context as GqlContext;
      return ctx.services.signing.watch(requireAuth(ctx).user.id, args.id ? parseId(args.id, "任务ID") : undefined);
    },
    description: "The caller's signing tasks (or one) as they move: status, stage, progress, result.",
  })
  signingTaskUpdated(
    @Arg("id", () => ID, { nullable: true }) _id: string | undefined,
    @Root() task: SigningTaskView,
  ): SigningTaskView {
    return task;
  }

  @Access("user")
  @Query(() => SigningSettingsType)
  signingSettings(@Ctx() ctx: GqlContext) {
    return ctx.services.signing.settings();
  }

  // ---- admin ----

  // Edited on 系统设置 (its 签名设置 tab): the settings group, not signing.
  @Access("perm:settings")
  @Mutation(() => SigningSettingsType)
  updateSigningSettings(
    @Arg("input", () => SigningSettingsInputType) input: SigningSettingsInputType,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.signing.updateSettings(input);
  }

  @Access("admin")
  @Query(() => AdminSigningTaskPageType, { description: "Every signing task, newest first, filtered." })
  adminSigningTasks(
    @Arg("filter", () => SigningTaskFilterInputType, { nullable: true }) filter: SigningTaskFilterInputType | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.signing.adminTasks({ ...filter, page, pageSize });
  }

  @Access("admin")
  @Query(() => AdminSigningTaskType)
  adminSigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.adminTask(id);
  }

  @Access("admin")
  @Query(() => SigningStatsType, { description: "Tasks per status and signings per day." })
  signingStats(@Ctx() ctx: GqlContext) {
    return ctx.services.signing.stats();
  }

  @Access("admin")
  @Mutation(() => AdminSigningTaskType, { description: "Runs any failed or cancelled task again (not charged again)." })
  adminRetrySigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.retry(null, id);
  }

  @Access("admin")
  @Mutation(() => AdminSigningTaskType)
  adminCancelSigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.cancel(null, id);
  }

  @Access("admin")
  @Mutation(() => Boolean)
  adminDeleteSigningTask(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.delete(null, id);
  }

  @Access("admin")
  @Mutation(() => AdminSigningTaskType, { description: "Gives a task more downloads." })
  addSigningDownloads(@Arg("id", () => ID) id: string, @Arg("count", () => Int) count: number, @Ctx() ctx: GqlContext) {
    return ctx.services.signing.addDownloads(id, count);
  }

  @Access("admin")
  @Mutation(() => SigningCleanupType, {
    description: "Removes expired signed IPAs and uploads now; requeues lost tasks.",
  })
  signingCleanup(@Ctx() ctx: GqlContext) {
    return ctx.services.signing.cleanup();
  }
}
