import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId, requireBoolean } from "../../common/validate";
import type { Page } from "../../graphql/page";
import type { ReceivedFile, ReceivedImage } from "../../rest/upload";
import { CatalogKind, type CatalogItemType, type CatalogQuery } from "../catalog/catalog.types";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import {
  createItem,
  deleteItems,
  itemCards,
  itemFields,
  itemPrice,
  itemView,
  listItems,
  parseIdList,
  reorderItemRows,
  setItemActive,
  updateItem,
  type ItemFields,
  type ItemTable,
} from "../catalog/catalog-items";
import type { StorageService } from "../storage/storage.service";
import { ResourceShareEntity } from "./resource-share.entity";
import type { ResourceShareType } from "./resource-shares.types";

export const RESOURCE_NOT_FOUND = "资源不存在";

/** What an admin sends to create or update a resource share; raw values from GraphQL or a REST body, checked here. */
export type ResourceShareFields = ItemFields;

export interface ResourceShareListArgs {
  search?: unknown;
  page?: unknown;
  pageSize?: unknown;
}

/** Inspects and stages an uploaded IPA (the apps service does this for apps and resource shares alike). */
export interface IpaStager {
  stageIpa(file: ReceivedFile): Promise<{ uploadId: string; bundleId: string; version: string; name: string; size: number; iconUrl: string }>;
}

/** The search expression is exactly the one the trigram index of the Catalogue migration covers. */
const TABLE: ItemTable<ResourceShareEntity> = {
  table: "resource_shares",
  entity: ResourceShareEntity,
  searchExpr: `(t.name || ' ' || t.bundle_id)`,
  notFound: RESOURCE_NOT_FOUND,
  contentKind: "resourceShares",
  fileColumn: "file_key",
  fileKind: "ipas",
  fileExt: /^ipa$/,
};

/**
 * Resource shares: the public list and detail, the home grid's "resource-shares" category, the admin's CRUD,
 * order and on/off switch, icon and IPA uploads.
 */
export class ResourceSharesService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly versions: ContentVersionsService,
    private readonly ipas: IpaStager,
  ) {}

  private get repo() {
    return this.db.getRepository(ResourceShareEntity);
  }

  view(e: ResourceShareEntity): ResourceShareType {
    return itemView(e);
  }

  private async find(id: number): Promise<ResourceShareEntity> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw new DomainError("NOT_FOUND", RESOURCE_NOT_FOUND);
    return row;
  }

  /** A resource share for the public detail page: null when missing or switched off. */
  async publicGet(rawId: unknown): Promise<ResourceShareType | null> {
    const row = await this.repo.findOneBy({ id: parseId(rawId, "资源ID"), isActive: true });
    return row ? this.view(row) : null;
  }

  /** The REST detail: an admin sees any resource share, everyone else only an active one (else 404). */
  async detail(rawId: unknown, asAdmin: boolean): Promise<ResourceShareType> {
    if (asAdmin) return this.adminGet(rawId);
    const share = await this.publicGet(rawId);
    if (!share) throw new DomainError("NOT_FOUND", RESOURCE_NOT_FOUND);
    return share;
  }

  async adminGet(rawId: unknown): Promise<ResourceShareType> {
    return this.view(await this.find(parseId(rawId, "资源ID")));
  }

  /** Active resource shares in display order. */
  publicList(args: ResourceShareListArgs): Promise<Page<ResourceShareType>> {
    return this.list(args, true);
  }

  /** Every resource share, switched off or not, for the admin table. */
  adminList(args: ResourceShareListArgs): Promise<Page<ResourceShareType>> {
    return this.list(args, false);
  }

  private async list(args: ResourceShareListArgs, activeOnly: boolean): Promise<Page<ResourceShareType>> {
    const { rows, ...page } = await listItems(this.repo, TABLE, args, activeOnly);
    return { ...page, items: rows.map((r) => this.view(r)) };
  }

  /** One page of the home grid's resource-share category: active rows, price filter and search, in one query. */
  catalogPage(q: CatalogQuery): Promise<Page<CatalogItemType>> {
    return itemCards(this.db, TABLE, q, CatalogKind.RESOURCE_SHARE, { columns: "", card: () => ({ author: null, category: null, tags: [] }) });
  }

  /** The price of an active resource share in fen (its resource fee), null when missing or switched off. */
  priceOf(rawId: unknown): Promise<{ priceFen: number } | null> {
    return itemPrice(this.db, TABLE, parseId(rawId, "资源ID"));
  }

  async create(input: ResourceShareFields): Promise<ResourceShareType> {
    const id = await createItem(this.db, this.storage, this.versions, TABLE, itemFields(input, true), input.fileUploadId);
    return this.view(await this.find(id));
  }

  async update(rawId: unknown, input: ResourceShareFields): Promise<ResourceShareType> {
    const id = parseId(rawId, "资源ID");
    await updateItem(this.db, this.storage, this.versions, TABLE, id, itemFields(input, false), input.fileUploadId);
    return this.view(await this.find(id));
  }

  /** Deletes every listed resource share with its files, or none of them when one id is unknown. Returns the count. */
  deleteMany(rawIds: unknown): Promise<number> {
    return deleteItems(this.db, this.versions, this.storage, TABLE, parseIdList(rawIds, "要删除的资源"));
  }

  /** The listed resource shares take the top places in that sequence; the others keep their order after them. */
  async reorder(rawIds: unknown): Promise<ResourceShareType[]> {
    const ids = parseIdList(rawIds, "要排序的资源", 1000);
    const rows = await reorderItemRows(this.db, this.versions, TABLE, ids);
    return rows.map((r) => this.view(r));
  }

  /** Switches a resource share on or off; without a value it flips. */
  async setActive(rawId: unknown, rawActive?: unknown): Promise<ResourceShareType> {
    const id = parseId(rawId, "资源ID");
    const active = rawActive === undefined ? null : requireBoolean(rawActive, "is_active");
    await setItemActive(this.db, this.versions, TABLE, id, active);
    return this.view(await this.find(id));
  }

  /** Stores an uploaded icon (already checked to be an image); the URL goes into a create/update as iconUrl. */
  async saveIcon(image: ReceivedImage): Promise<{ url: string }> {
    return { url: await this.storage.savePublic("icons", image.data, image.format) };
  }

  /** Inspects and stages an uploaded IPA; a create/update claims it by its uploadId. */
  stageIpa(file: ReceivedFile) {
    return this.ipas.stageIpa(file);
  }
}
