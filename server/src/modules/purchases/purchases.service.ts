import type { DataSource, EntityManager } from "typeorm";
import { deletePurchase, hasPurchased as storeHasPurchased, type Sql } from "@gryx/store";
import { DomainError } from "../../common/errors";
import { fenToYuan, parseId } from "../../common/validate";
import type { PricedItem, PurchasableKinds, PurchaseKind } from "./purchase-kinds";

export interface PurchaseStatus {
  itemId: number;
  kind: PurchaseKind;
  priceFen: number;
  /** Yuan. */
  price: number;
  isFree: boolean;
  purchased: boolean;
}

/**
 * Whether a user bought an item (one indexed lookup); used by the purchase status and by downloads. Inside a
 * transaction pass its manager. The statement is the purchases owner's (@gryx/store).
 */
export function hasPurchased(db: Sql, userId: number, kind: PurchaseKind, itemId: number): Promise<boolean> {
  return storeHasPurchased(db, userId, kind, itemId);
}

/** Purchases of catalogue items: whether a user owns an item, and the purchase status the detail pages show. */
export class PurchasesService {
  constructor(
    private readonly db: DataSource,
    /** The purchasable domains' kinds (each domain's manifest `purchasable`). */
    private readonly kinds: PurchasableKinds,
  ) {}

  /** "app" (default when missing), "dylib" or "resource-share"; anything else 400. */
  parseKind(raw: unknown): PurchaseKind {
    if (raw === undefined || raw === null || raw === "") return "app";
    if (!this.kinds.has(raw)) throw new DomainError("PURCHASE_KIND_INVALID");
    return raw;
  }

  hasPurchased(userId: number, kind: PurchaseKind, itemId: number): Promise<boolean> {
    return hasPurchased(this.db, userId, kind, itemId);
  }

  /** The item's price in fen, or 404 when it does not exist or is switched off. */
  async priceFen(kind: PurchaseKind, itemId: number): Promise<number> {
    return (await this.item(kind, itemId)).priceFen;
  }

  /** The item's price in fen and its name, or 404 when it does not exist or is switched off. */
  async item(kind: PurchaseKind, itemId: number): Promise<PricedItem> {
    const { source, notFound } = this.kinds.get(kind);
    const item = await source.priceOf(itemId);
    if (!item) throw new DomainError("CATALOG_ITEM_NOT_FOUND", notFound);
    return item;
  }

  /** Takes a purchase back (a refunded order): the item is no longer the user's. */
  async revoke(m: EntityManager, userId: number, kind: PurchaseKind, itemId: number): Promise<void> {
    await deletePurchase(m, userId, kind, itemId);
  }

  /** Price, free flag and whether the user may use the item: free items count as purchased. */
  async status(userId: number, rawKind: unknown, rawId: unknown): Promise<PurchaseStatus> {
    const kind = this.parseKind(rawKind);
    const itemId = parseId(rawId, "商品ID");
    const priceFen = await this.priceFen(kind, itemId);
    const isFree = priceFen === 0;
    const purchased = isFree || (await this.hasPurchased(userId, kind, itemId));
    return { itemId, kind, priceFen, price: fenToYuan(priceFen), isFree, purchased };
  }
}
