import { catalogItemResolver } from "../catalog/catalog-item.resolver";
import { DylibInput, DylibPageType, DylibType } from "./dylibs.types";

export const DylibsResolver: Function = catalogItemResolver({
  one: "Dylib",
  many: "Dylibs",
  noun: "dylib",
  nouns: "dylibs",
  type: DylibType,
  pageType: DylibPageType,
  input: DylibInput,
  service: (s) => s.dylibs,
});
