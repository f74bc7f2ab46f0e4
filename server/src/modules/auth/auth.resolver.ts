import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { UserType } from "../users/users.types";
import { AuthPayloadType } from "./auth.types";

@Resolver()
export class AuthResolver {
  @Access("user")
  @Query(() => UserType, { description: "The logged-in account." })
  me(@Ctx() ctx: GqlContext): UserType {
    return requireAuth(ctx).user;
  }

  @Access("guest")
  @Mutation(() => AuthPayloadType)
  login(
    @Arg("username", () => String) username: string,
    @Arg("password", () => String) password: string,
    @Ctx() ctx: GqlContext,
  ): Promise<AuthPayloadType> {
    return ctx.services.auth.login(username, password, ctx.meta);
  }

  @Access("guest")
  @Mutation(() => UserType)
  register(
    @Arg("username", () => String) username: string,
    @Arg("password", () => String) password: string,
    @Arg("email", () => String, { nullable: true }) email: string | null,
    @Ctx() ctx: GqlContext,
  ): Promise<UserType> {
    return ctx.services.auth.register({ username, password, email }, ctx.meta);
  }

  @Access("user")
  @Mutation(() => Boolean)
  async logout(@Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.auth.logout(requireAuth(ctx).sessionId);
    return true;
  }

  @Access("user")
  @Mutation(() => AuthPayloadType, { description: "A new token for the current session; the old one stops working." })
  refreshToken(@Ctx() ctx: GqlContext): Promise<AuthPayloadType> {
    return ctx.services.auth.refresh(requireAuth(ctx), ctx.meta);
  }

  @Access("user")
  @Mutation(() => Boolean)
  async changePassword(
    @Arg("oldPassword", () => String) oldPassword: string,
    @Arg("newPassword", () => String) newPassword: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.auth.changePassword(requireAuth(ctx), oldPassword, newPassword, ctx.meta);
    return true;
  }

  @Access("guest")
  @Mutation(() => Boolean, {
    description: "Sends a 6-digit reset code to the account's email (or the server log without SMTP).",
  })
  async forgotPassword(@Arg("username", () => String) username: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.auth.forgotPassword(username, ctx.meta);
    return true;
  }

  @Access("guest")
  @Mutation(() => Boolean)
  async resendResetCode(@Arg("username", () => String) username: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.auth.resendResetCode(username, ctx.meta);
    return true;
  }

  @Access("guest")
  @Mutation(() => Boolean)
  async verifyResetCode(
    @Arg("username", () => String) username: string,
    @Arg("code", () => String) code: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.auth.verifyResetCode(username, code, ctx.meta);
    return true;
  }

  @Access("guest")
  @Mutation(() => Boolean)
  async resetPassword(
    @Arg("username", () => String) username: string,
    @Arg("code", () => String) code: string,
    @Arg("newPassword", () => String) newPassword: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.auth.resetPassword(username, code, newPassword, ctx.meta);
    return true;
  }
}
