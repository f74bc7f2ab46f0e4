import type { RouteDef } from "./router";
import { DOMAINS } from "../modules";

/** Every REST facade under /api: each domain's, in list order. */
export const REST_ROUTES: RouteDef[] = DOMAINS.flatMap((d) => d.routes ?? []);
