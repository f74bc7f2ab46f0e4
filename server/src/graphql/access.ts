import { Authorized, Extensions } from "type-graphql";

/**
 * Who may call a field: "guest" (anyone), "user" (logged in), "admin", or "perm:<name>" (a permission, which
 * admins have implicitly). Every Query, Mutation and Subscription field carries exactly one; a test walks the
 * schema and fails on a field without it. The level is also visible in the schema's field extensions.
 */
export type AccessLevel = "guest" | "user" | "admin" | `perm:${string}`;

export function Access(level: AccessLevel): MethodDecorator {
  const extensions = Extensions({ access: level });
  const authorized = level === "guest" ? null : Authorized(level);
  return (target, propertyKey, descriptor) => {
    extensions(target, propertyKey, descriptor);
    authorized?.(target, propertyKey, descriptor);
  };
}

/** The same rule as the GraphQL auth checker, for REST and services. */
export function allows(
  level: AccessLevel,
  user: { role: string; permissions: string[] } | null | undefined,
): "ok" | "login" | "forbidden" {
  if (level === "guest") return "ok";
  if (!user) return "login";
  if (level === "user" || user.role === "admin") return "ok";
  if (level.startsWith("perm:") && user.permissions.includes(level.slice(5))) return "ok";
  return "forbidden";
}
