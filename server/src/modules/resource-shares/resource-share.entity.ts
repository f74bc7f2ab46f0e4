import { Entity } from "typeorm";
import { CatalogItemEntity } from "../catalog/catalog-item.entity";

/**
 * A shared resource (an IPA with its fees) offered on the home grid; table made by the Catalogue migration.
 * Its file key is `ipas/<hex>.ipa`.
 */
@Entity({ name: "resource_shares" })
export class ResourceShareEntity extends CatalogItemEntity {}
