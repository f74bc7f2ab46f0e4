import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { AdminCreateUserInput, StaffPermissionType, UserPageType, UserType } from "./users.types";
import { STAFF_PERMISSIONS } from "../../graphql/staff-permissions";
import { USER_REGISTERED } from "./users.events";

@Resolver()
export class UsersResolver {
  @Access("admin")
  @Query(() => UserPageType)
  adminUsers(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<UserPageType> {
    return ctx.services.users.list({ search, page, pageSize });
  }

  @Access("admin")
  @Mutation(() => UserType)
  adminCreateUser(
    @Arg("input", () => AdminCreateUserInput) input: AdminCreateUserInput,
    @Ctx() ctx: GqlContext,
  ): Promise<UserType> {
    return ctx.services.users.create({
      ...input,
      role: input.role as "admin" | "user",
      permissions: input.permissions ?? [],
    });
  }

  @Access("admin")
  @Mutation(() => UserType)
  adminSetUserDisabled(
    @Arg("id", () => ID) id: string,
    @Arg("disabled", () => Boolean) disabled: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<UserType> {
    return ctx.services.users.setDisabled(requireAuth(ctx).user.id, id, disabled);
  }

  @Access("admin")
  @Mutation(() => UserType, { description: "Replaces a user's staff permissions (see staffPermissions)." })
  adminSetUserPermissions(
    @Arg("id", () => ID) id: string,
    @Arg("permissions", () => [String]) permissions: string[],
    @Ctx() ctx: GqlContext,
  ): Promise<UserType> {
    return ctx.services.users.setPermissions(id, permissions);
  }

  @Access("admin")
  @Query(() => [StaffPermissionType], {
    description: "The back office's permission groups a staff user can be granted.",
  })
  staffPermissions(): StaffPermissionType[] {
    return STAFF_PERMISSIONS.map((p) => ({ ...p }));
  }

  @Access("admin")
  @Mutation(() => UserType)
  adminSetUserRole(
    @Arg("id", () => ID) id: string,
    @Arg("role", () => String) role: string,
    @Ctx() ctx: GqlContext,
  ): Promise<UserType> {
    return ctx.services.users.setRole(requireAuth(ctx).user.id, id, role);
  }

  @Access("admin")
  @Subscription(() => UserType, { topics: USER_REGISTERED, description: "Each new account, as it is created." })
  userRegistered(@Root() user: UserType): UserType {
    return {
      ...user,
      createdAt: new Date(user.createdAt),
      lastLoginAt: user.lastLoginAt ? new Date(user.lastLoginAt) : null,
    };
  }
}
