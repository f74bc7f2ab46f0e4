import type { AuthChecker } from "type-graphql";
import { DomainError } from "../common/errors";
import { allows, type AccessLevel } from "./access";
import type { GqlContext } from "./context";

/** Turns @Access levels into 401 (not logged in) and 403 (logged in, not allowed). */
export const authChecker: AuthChecker<GqlContext> = ({ context }, roles) => {
  const verdict = allows((roles[0] ?? "user") as AccessLevel, context.auth?.user);
  if (verdict === "login") throw new DomainError("UNAUTHENTICATED");
  if (verdict === "forbidden") throw new DomainError("FORBIDDEN");
  return true;
};
