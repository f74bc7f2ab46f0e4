import { catalogItemResolver } from "../catalog/catalog-item.resolver";
import { ResourceShareInput, ResourceSharePageType, ResourceShareType } from "./resource-shares.types";

export const ResourceSharesResolver: Function = catalogItemResolver({
  one: "ResourceShare",
  many: "ResourceShares",
  noun: "resource share",
  nouns: "resource shares",
  type: ResourceShareType,
  pageType: ResourceSharePageType,
  input: ResourceShareInput,
  service: (s) => s.resourceShares,
});
