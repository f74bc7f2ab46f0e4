import type { CatalogKind } from "../catalog/catalog.types";

/**
 * The kinds of catalogue item a user can buy. Each purchasable domain declares its kind in its manifest
 * (`purchasable`) and adds it to this interface, so `PurchaseKind` stays a checked union with no central list:
 *
 *   declare module "../purchases/purchase-kinds" { interface PurchaseKinds { app: true } }
 *
 * @public (augmented by the domains, so it stays exported)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PurchaseKinds {}

export type PurchaseKind = keyof PurchaseKinds & string;

/** An item's price, its name and whether it has something to deliver (an IPA or a file): none, and it is not sold. */
export interface PricedItem {
  priceFen: number;
  name: string;
  hasPackage: boolean;
}

/** Whatever knows an item's price: the apps, dylibs and resource-shares services. */
export interface PriceSource {
  priceOf(id: unknown): Promise<PricedItem | null>;
}

export interface Purchasable {
  /** Its card kind on the home grid (GraphQL `CatalogKind`), by which GraphQL names it. */
  catalogKind: CatalogKind;
  /** The 404 message for an item of this kind that is missing or switched off. */
  notFound: string;
  source: PriceSource;
}

/** The purchasable kinds of the listed domains, in list order; filled once every service exists. */
export class PurchasableKinds {
  private readonly byKind = new Map<PurchaseKind, Purchasable>();

  register(kind: PurchaseKind, p: Purchasable): void {
    if (this.byKind.has(kind)) throw new Error(`purchase kind ${kind} registered twice`);
    this.byKind.set(kind, p);
  }

  get kinds(): PurchaseKind[] {
    return [...this.byKind.keys()];
  }

  has(raw: unknown): raw is PurchaseKind {
    return typeof raw === "string" && this.byKind.has(raw as PurchaseKind);
  }

  /** The purchase kind of a home-grid card kind. */
  ofCatalogKind(catalogKind: CatalogKind): PurchaseKind {
    for (const [kind, p] of this.byKind) if (p.catalogKind === catalogKind) return kind;
    throw new Error(`no purchase kind for ${catalogKind}`);
  }

  get(kind: PurchaseKind): Purchasable {
    const p = this.byKind.get(kind);
    if (!p) throw new Error(`unknown purchase kind ${kind}`);
    return p;
  }
}
