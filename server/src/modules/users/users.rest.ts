import { route, type RouteDef } from "../../rest/router";
import { userJson } from "../../rest/serializers";
import { STAFF_PERMISSIONS } from "../../graphql/staff-permissions";

export const usersRoutes: RouteDef[] = [
  route("get", "/users/profile", "user", ({ auth }) => userJson(auth!.user)),
  route("get", "/admin/users", "admin", async ({ query, services }) => {
    const page = await services.users.list({
      search: query.search,
      page: query.page,
      pageSize: query.pageSize ?? query.limit,
      role: query.role,
      after: query.after,
    });
    return { ...page, items: page.items.map(userJson) };
  }),
  route("post", "/admin/users", "admin", async ({ body, services }) =>
    userJson(
      await services.users.create({
        username: body.username as string,
        password: body.password as string,
        role: body.role as "admin" | "user",
        permissions: body.permissions as string[],
        email: body.email as string,
      }),
    ),
  ),
  route("patch", "/admin/users/:id/status", "admin", async ({ auth, params, body, services }) =>
    userJson(await services.users.setDisabled(auth!.user.id, params.id, body.disabled)),
  ),
  route("patch", "/admin/users/:id/permissions", "admin", async ({ params, body, services }) =>
    userJson(await services.users.setPermissions(params.id, body.permissions)),
  ),
  route("get", "/admin/staff-permissions", "admin", () => STAFF_PERMISSIONS),
  route("patch", "/admin/users/:id/role", "admin", async ({ auth, params, body, services }) =>
    userJson(await services.users.setRole(auth!.user.id, params.id, body.role)),
  ),
];
