import type { AuthChecker } from "type-graphql";
import { DomainError } from "../common/errors";
import { allows, type AccessLevel } from "./access";
import type { GqlContext } from "./context";

/**
 * Turns access levels into 401 (not logged in) and 403 (logged in, not allowed). The level is the field's `access`
 * extension as the built schema holds it (a domain's permission applied, see schema.ts), else the @Access role.
 */
export const authChecker: AuthChecker<GqlContext> = ({ context, info }, roles) => {
  const declared = info.parentType.getFields()[info.fieldName]?.extensions?.access;
  const level = (typeof declared === "string" ? declared : (roles[0] ?? "user")) as AccessLevel;
  const verdict = allows(level, context.auth?.user);
  if (verdict === "login") throw new DomainError("UNAUTHENTICATED");
  if (verdict === "forbidden") throw new DomainError("FORBIDDEN");
  return true;
};
