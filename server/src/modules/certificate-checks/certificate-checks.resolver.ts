import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import {
  CertificateCheckPageType,
  CertificateCheckType,
  DetectionBatchPageType,
  DetectionBatchType,
  DetectionFilterInputType,
  UserNotificationPageType,
} from "./certificate-checks.types";
import type { BatchView, CheckTaskView } from "./certificate-checks.service";

@Resolver()
export class CertificateChecksResolver {
  // ---- the owner's checks ----

  @Access("user")
  @Mutation(() => CertificateCheckType, {
    description:
      "Checks one of the caller's certificates (OCSP + profile checks) in the worker; waits a few seconds, else answers status checking (certificateChecked brings the result).",
  })
  checkCertificateStatus(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.checkMine(requireAuth(ctx).user.id, id);
  }

  @Access("user")
  @Query(() => CertificateCheckPageType, { description: "The caller's certificate checks, newest first." })
  certificateChecks(
    @Arg("certificateId", () => ID, { nullable: true }) certificateId: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificateChecks.tasksMine(requireAuth(ctx).user.id, { certificateId, page, pageSize });
  }

  @Access("user")
  @Query(() => CertificateCheckType)
  certificateCheck(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.taskMine(requireAuth(ctx).user.id, id);
  }

  @Access("user")
  @Subscription(() => CertificateCheckType, {
    subscribe: ({ context }) => {
      const ctx = context as GqlContext;
      return ctx.services.certificateChecks.watchMine(requireAuth(ctx).user.id);
    },
    description: "The caller's certificate checks as they finish.",
  })
  certificateChecked(@Root() task: CheckTaskView): CheckTaskView {
    return task;
  }

  // ---- admin: one certificate ----

  @Access("admin")
  @Mutation(() => CertificateCheckType, { description: "Checks any certificate by id (full report)." })
  adminCheckCertificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.adminCheck(requireAuth(ctx).user.id, id);
  }

  @Access("admin")
  @Query(() => CertificateCheckType)
  adminCertificateCheck(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.adminTask(id);
  }

  // ---- admin: detection batches ----

  @Access("admin")
  @Query(() => Int, { description: "How many certificates a detection filter chooses now." })
  detectionCandidates(
    @Arg("filter", () => DetectionFilterInputType, { nullable: true }) filter: DetectionFilterInputType | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificateChecks.countFor(filter ?? {});
  }

  @Access("admin")
  @Mutation(() => DetectionBatchType, {
    description: "Starts a detection batch over the certificates the filter chooses (one runs at a time).",
  })
  startDetectionBatch(
    @Arg("filter", () => DetectionFilterInputType, { nullable: true }) filter: DetectionFilterInputType | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificateChecks.startBatch(requireAuth(ctx).user.id, filter ?? {});
  }

  @Access("admin")
  @Mutation(() => DetectionBatchType)
  cancelDetectionBatch(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.cancelBatch(id);
  }

  @Access("admin")
  @Query(() => DetectionBatchPageType, { description: "Detection batches, newest first." })
  detectionBatches(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificateChecks.batches({ page, pageSize });
  }

  @Access("admin")
  @Query(() => DetectionBatchType)
  detectionBatch(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.batch(id);
  }

  @Access("admin")
  @Query(() => CertificateCheckPageType, {
    description:
      "A batch's checks; status narrows to checking/valid/revoked/expired/error/cancelled or the OCSP answers good/unknown.",
  })
  detectionBatchItems(
    @Arg("id", () => ID) id: string,
    @Arg("status", () => String, { nullable: true }) status: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificateChecks.batchItems(id, { status, page, pageSize });
  }

  @Access("admin")
  @Subscription(() => DetectionBatchType, {
    subscribe: ({ args, context }) => (context as GqlContext).services.certificateChecks.watchBatch(args.id),
    description: "A detection batch now, then again as it moves (progress, cancel, completion).",
  })
  detectionBatchProgress(@Arg("id", () => ID) _id: string, @Root() batch: BatchView): BatchView {
    return batch;
  }

  // ---- site messages ----

  @Access("user")
  @Query(() => UserNotificationPageType, {
    description: "The caller's site messages, newest first, with the unread count.",
  })
  myNotifications(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificateChecks.notifications(requireAuth(ctx).user.id, { page, pageSize });
  }

  @Access("user")
  @Mutation(() => Int, { description: "Marks one message read, or all when no id is given; answers how many." })
  markNotificationsRead(@Arg("id", () => ID, { nullable: true }) id: string | undefined, @Ctx() ctx: GqlContext) {
    return ctx.services.certificateChecks.markRead(requireAuth(ctx).user.id, id);
  }
}
