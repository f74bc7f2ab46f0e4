import { Column, Entity } from "typeorm";
import { CatalogItemEntity } from "../catalog/catalog-item.entity";

/**
 * A dynamic library plugin (.dylib or .deb) offered on the home grid; table made by the Catalogue migration.
 * Its file key is `dylibs/<hex>.dylib|deb`.
 */
@Entity({ name: "dylibs" })
export class DylibEntity extends CatalogItemEntity {
  @Column({ type: "varchar", length: 100, default: "" })
  category: string;

  @Column({ type: "varchar", length: 100, default: "" })
  author: string;

  @Column({ type: "text", array: true, default: () => "'{}'" })
  tags: string[];
}
