import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import {
  CertificateImportableOrderType,
  CertificatePageType,
  CertificateType,
  P8KeyInputType,
  P8KeyType,
} from "./certificates.types";

@Resolver()
export class CertificatesResolver {
  // ---- the owner's certificates (证书管理) ----

  @Access("user")
  @Query(() => [CertificateType], { description: "The caller's certificates, newest first." })
  async myCertificates(@Ctx() ctx: GqlContext) {
    return ctx.services.certificates.listMine(requireAuth(ctx).user.id, "user");
  }

  @Access("user")
  @Query(() => CertificateType, { description: "One of the caller's certificates (another user's id is not found)." })
  async certificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificates.getMine(requireAuth(ctx).user.id, id, "user");
  }

  @Access("user")
  @Mutation(() => Boolean, { description: "Deletes one of the caller's certificates." })
  async deleteCertificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    await ctx.services.certificates.removeMine(requireAuth(ctx).user.id, id, "user");
    return true;
  }

  @Access("user")
  @Mutation(() => CertificateType, {
    description: "掉签后自动使用: marks (or clears) the caller's one backup certificate for automatic re-signing.",
  })
  async setCertificateAutoResign(
    @Arg("id", () => ID) id: string,
    @Arg("enabled", () => Boolean) enabled: boolean,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificates.setAutoResign(requireAuth(ctx).user.id, id, enabled);
  }

  // ---- temporary certificates (临时证书) ----

  @Access("user")
  @Query(() => [CertificateType], {
    description: "The caller's temporary certificates that have not expired, newest first.",
  })
  async myTempCertificates(@Ctx() ctx: GqlContext) {
    return ctx.services.certificates.listMine(requireAuth(ctx).user.id, "temp");
  }

  @Access("user")
  @Query(() => CertificateType)
  async tempCertificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificates.getMine(requireAuth(ctx).user.id, id, "temp");
  }

  @Access("user")
  @Mutation(() => Boolean)
  async deleteTempCertificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    await ctx.services.certificates.removeMine(requireAuth(ctx).user.id, id, "temp");
    return true;
  }

  @Access("user")
  @Mutation(() => CertificateType, {
    description: "Copies one of the caller's certificates into a temporary one living `days` days (1-30, default 7).",
  })
  async importTempCertificateFromMain(
    @Arg("certificateId", () => ID) certificateId: string,
    @Arg("days", () => Int, { nullable: true }) days: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificates.importFromMain(requireAuth(ctx).user.id, certificateId, days);
  }

  @Access("user")
  @Query(() => [CertificateImportableOrderType], {
    description: "The caller's delivered certificate-mall orders whose certificate can become a temporary one.",
  })
  async importableCertificateOrders(@Ctx() ctx: GqlContext) {
    return ctx.services.certificates.importableOrders(requireAuth(ctx).user.id);
  }

  // ---- admin ----

  @Access("admin")
  @Query(() => CertificatePageType, {
    description: "Certificates of a scope (user by default, temp, platform), newest first, with search and status.",
  })
  async adminCertificates(
    @Arg("scope", () => String, { nullable: true }) scope: string | undefined,
    @Arg("search", () => String, { nullable: true }) search: string | undefined,
    @Arg("status", () => String, { nullable: true }) status: string | undefined,
    @Arg("userId", () => ID, { nullable: true }) userId: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.certificates.adminList({ scope, search, status, userId, page, pageSize });
  }

  @Access("admin")
  @Query(() => CertificateType)
  async adminCertificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.certificates.getById(id);
  }

  @Access("admin")
  @Mutation(() => Boolean, { description: "Deletes any certificate (a user's, a temporary or a platform one)." })
  async adminDeleteCertificate(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    await ctx.services.certificates.adminRemove(id);
    return true;
  }

  @Access("admin")
  @Query(() => [P8KeyType], { description: "App Store Connect API keys." })
  async p8Keys(@Ctx() ctx: GqlContext) {
    return ctx.services.p8Keys.list();
  }

  @Access("admin")
  @Mutation(() => P8KeyType, { description: "Adds an App Store Connect API key after signing a test token with it." })
  async createP8Key(@Arg("input", () => P8KeyInputType) input: P8KeyInputType, @Ctx() ctx: GqlContext) {
    return ctx.services.p8Keys.create(requireAuth(ctx).user.id, { ...input });
  }

  @Access("admin")
  @Mutation(() => Boolean)
  async deleteP8Key(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    await ctx.services.p8Keys.remove(id);
    return true;
  }
}
