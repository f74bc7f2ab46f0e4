import type { CatalogKind } from "./types";

/** What the user calls each kind of catalogue item. */
export const NOUN: Record<CatalogKind, string> = { APP: "应用", DYLIB: "动态库", RESOURCE_SHARE: "资源" };
