import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId, requireBoolean } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { ReceivedImage } from "../../rest/upload";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { PricedItem } from "../purchases/purchase-kinds";
import type { StorageService } from "../storage/storage.service";
import type { CatalogItem } from "./catalog-item";
import {
  createItem,
  deleteItems,
  findItem,
  itemCards,
  itemPrice,
  listItems,
  parseIdList,
  reorderItemRows,
  setItemActive,
  updateItem,
  type ItemCardExtra,
  type ItemFields,
  type ItemTable,
} from "./catalog-items";
import type { CatalogItemType, CatalogKind, CatalogQuery } from "./catalog.types";

export interface CatalogItemListArgs {
  search?: unknown;
  page?: unknown;
  pageSize?: unknown;
}

/**
 * What sets one kind of catalogue item (dylib, resource share) apart: its table, the words of its messages, its
 * home-grid card columns, and how its own fields are shown and checked.
 */
export interface CatalogItemKind<E extends CatalogItem, V, F extends ItemFields> {
  table: ItemTable;
  /** The home grid's card kind. */
  catalogKind: CatalogKind;
  /** How ids are named in messages ("动态库ID"), and the items of a batch ("动态库" in "请选择要删除的动态库"). */
  idLabel: string;
  batchNoun: string;
  /** The table's own columns of a home-grid card. */
  card: ItemCardExtra;
  view(e: E): V;
  /** Validates an admin's fields; on update (`creating` false) a field left out stays out. */
  fields(input: F, creating: boolean): Partial<E>;
}

/**
 * A catalogue item kind's public list and detail, its home-grid category, the admin's CRUD, order, on/off switch
 * and icon upload. Subclasses add what only their kind has (file uploads, downloads).
 */
export class CatalogItemService<E extends CatalogItem, V, F extends ItemFields> {
  constructor(
    protected readonly db: DataSource,
    protected readonly storage: StorageService,
    protected readonly versions: ContentVersionsService,
    protected readonly kind: CatalogItemKind<E, V, F>,
  ) {}

  view(e: E): V {
    return this.kind.view(e);
  }

  protected parseId(rawId: unknown): number {
    return parseId(rawId, this.kind.idLabel);
  }

  /** One item, switched off or not; null when missing. */
  protected findRow(id: number): Promise<E | null> {
    return findItem<E>(this.db, this.kind.table, id);
  }

  protected async find(id: number): Promise<E> {
    const row = await this.findRow(id);
    if (!row) throw new DomainError("CATALOG_ITEM_NOT_FOUND", this.kind.table.notFound);
    return row;
  }

  /** An item for the public detail page: null when missing or switched off. */
  async publicGet(rawId: unknown): Promise<V | null> {
    const row = await findItem<E>(this.db, this.kind.table, this.parseId(rawId), { activeOnly: true });
    return row ? this.view(row) : null;
  }

  /** The REST detail: an admin sees any item, everyone else only an active one (else 404). */
  async detail(rawId: unknown, asAdmin: boolean): Promise<V> {
    if (asAdmin) return this.adminGet(rawId);
    const item = await this.publicGet(rawId);
    if (!item) throw new DomainError("CATALOG_ITEM_NOT_FOUND", this.kind.table.notFound);
    return item;
  }

  async adminGet(rawId: unknown): Promise<V> {
    return this.view(await this.find(this.parseId(rawId)));
  }

  /** Active items, in display order, for the public list. */
  publicList(args: CatalogItemListArgs): Promise<Page<V>> {
    return this.list(args, true);
  }

  /** Every item, switched off or not, for the admin table. */
  adminList(args: CatalogItemListArgs): Promise<Page<V>> {
    return this.list(args, false);
  }

  private async list(args: CatalogItemListArgs, activeOnly: boolean): Promise<Page<V>> {
    const { rows, ...page } = await listItems<E>(this.db, this.kind.table, args, activeOnly);
    return { ...page, items: rows.map((r) => this.view(r)) };
  }

  /** One page of the kind's home-grid category: active rows, price filter and search, in one query. */
  catalogPage(q: CatalogQuery): Promise<Page<CatalogItemType>> {
    return itemCards(this.db, this.kind.table, q, this.kind.catalogKind, this.kind.card);
  }

  /** The price of an active item in fen (its resource fee), null when missing or switched off. */
  priceOf(rawId: unknown): Promise<PricedItem | null> {
    return itemPrice(this.db, this.kind.table, this.parseId(rawId));
  }

  async create(input: F): Promise<V> {
    const id = await createItem(
      this.db,
      this.storage,
      this.versions,
      this.kind.table,
      this.kind.fields(input, true),
      input.fileUploadId,
    );
    return this.view(await this.find(id));
  }

  async update(rawId: unknown, input: F): Promise<V> {
    const id = this.parseId(rawId);
    await updateItem(
      this.db,
      this.storage,
      this.versions,
      this.kind.table,
      id,
      this.kind.fields(input, false),
      input.fileUploadId,
    );
    return this.view(await this.find(id));
  }

  /** Deletes every listed item with its files, or none of them when one id is unknown. Returns the count. */
  deleteMany(rawIds: unknown): Promise<number> {
    return deleteItems(
      this.db,
      this.versions,
      this.storage,
      this.kind.table,
      parseIdList(rawIds, `要删除的${this.kind.batchNoun}`),
    );
  }

  /** The listed items take the top places in that sequence; the others keep their order after them. */
  async reorder(rawIds: unknown): Promise<V[]> {
    const ids = parseIdList(rawIds, `要排序的${this.kind.batchNoun}`, 1000);
    const rows = await reorderItemRows<E>(this.db, this.versions, this.kind.table, ids);
    return rows.map((r) => this.view(r));
  }

  /** Switches an item on or off; without a value (REST toggle) it flips. */
  async setActive(rawId: unknown, rawActive?: unknown): Promise<V> {
    const id = this.parseId(rawId);
    const active = rawActive === undefined ? null : requireBoolean(rawActive, "is_active");
    await setItemActive(this.db, this.versions, this.kind.table, id, active);
    return this.view(await this.find(id));
  }

  /** Stores an uploaded icon (already checked to be an image); the URL goes into a create/update as iconUrl. */
  async saveIcon(image: ReceivedImage): Promise<{ url: string }> {
    return { url: await this.storage.savePublic("icons", image.data, image.format) };
  }
}
