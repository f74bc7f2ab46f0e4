import type { DataSource, EntityManager } from "typeorm";
import {
  deleteQQGroup,
  insertQQGroup,
  listQQGroups,
  lockQQGroup,
  qqGroupById,
  updateQQGroup,
  type QQGroupFields,
  type QQGroupRow,
} from "@gryx/store";
import { DomainError } from "../../common/errors";
import { parseId, requireBoolean, requireText } from "../../common/validate";
import { applySortOrder, bottomSortOrder, parseOrderIds, parseSortOrder } from "../../db/sort-order";
import type { ContentVersionsService } from "../content-versions/content-versions.service";

export interface QQGroupInput {
  name?: unknown;
  number?: unknown;
  isActive?: unknown;
  sortOrder?: unknown;
}

/** A QQ group as the resolvers and REST handlers show it. */
export interface QQGroup {
  id: number;
  name: string;
  number: string;
  isActive: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

function toQQGroup(r: QQGroupRow): QQGroup {
  return {
    id: r.id,
    name: r.name,
    number: r.number,
    isActive: r.is_active,
    sortOrder: r.sort_order,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The QQ groups visitors can join from the header's dialog. */
export class QQGroupsService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
  ) {}

  async listPublic(): Promise<QQGroup[]> {
    return (await listQQGroups(this.db, true)).map(toQQGroup);
  }

  async listAdmin(): Promise<QQGroup[]> {
    return (await listQQGroups(this.db, false)).map(toQQGroup);
  }

  async get(rawId: unknown): Promise<QQGroup> {
    const row = await qqGroupById(this.db, parseId(rawId, "QQ群ID"));
    if (!row) throw new DomainError("QQ_GROUP_NOT_FOUND");
    return toQQGroup(row);
  }

  async create(input: QQGroupInput): Promise<QQGroup> {
    const fields = validate(input, true);
    const id = await this.db.transaction(async (m) => {
      if (fields.sortOrder === undefined) fields.sortOrder = await bottomSortOrder(m, "qq_groups");
      const id = await insertQQGroup(m, fields);
      await this.versions.bump("qqGroups", m);
      return id;
    });
    return this.get(id);
  }

  async update(rawId: unknown, input: QQGroupInput): Promise<QQGroup> {
    const id = parseId(rawId, "QQ群ID");
    const fields = validate(input, false);
    await this.db.transaction(async (m) => {
      await this.lock(m, id);
      await updateQQGroup(m, id, fields);
      await this.versions.bump("qqGroups", m);
    });
    return this.get(id);
  }

  async remove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "QQ群ID");
    await this.db.transaction(async (m) => {
      await this.lock(m, id);
      await deleteQQGroup(m, id);
      await this.versions.bump("qqGroups", m);
    });
  }

  async reorder(rawIds: unknown): Promise<QQGroup[]> {
    const ids = parseOrderIds(rawIds);
    await this.db.transaction(async (m) => {
      await applySortOrder(m, "qq_groups", ids, "QQ_GROUP_NOT_FOUND");
      await this.versions.bump("qqGroups", m);
    });
    return this.listAdmin();
  }

  private async lock(m: EntityManager, id: number): Promise<void> {
    if (!(await lockQQGroup(m, id))) throw new DomainError("QQ_GROUP_NOT_FOUND");
  }
}

/** A QQ group number: 5 to 12 digits (a number or a string, surrounding spaces ignored), else 400 无效的群号. */
function parseGroupNumber(raw: unknown): string {
  const s =
    typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[1-9]\d{4,11}$/.test(s)) throw new DomainError("QQ_GROUP_NUMBER_INVALID");
  return s;
}

function validate(input: QQGroupInput, creating: boolean): QQGroupFields {
  const out: QQGroupFields = {};
  if (creating || input.name !== undefined) out.name = requireText(input.name, "群名称", 50);
  if (creating || input.number !== undefined) out.number = parseGroupNumber(input.number);
  if (input.isActive !== undefined && input.isActive !== null)
    out.isActive = requireBoolean(input.isActive, "is_active");
  else if (creating) out.isActive = true;
  if (input.sortOrder !== undefined && input.sortOrder !== null) out.sortOrder = parseSortOrder(input.sortOrder);
  if (!creating && Object.keys(out).length === 0) throw new DomainError("NOTHING_TO_UPDATE");
  return out;
}
