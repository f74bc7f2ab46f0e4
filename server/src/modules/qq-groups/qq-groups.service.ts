import type { DataSource, EntityManager } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId, requireBoolean, requireText } from "../../common/validate";
import { applySortOrder, bottomSortOrder, parseOrderIds, parseSortOrder } from "../../db/sort-order";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import { QQGroupEntity } from "./qq-group.entity";

export interface QQGroupInput {
  name?: unknown;
  number?: unknown;
  isActive?: unknown;
  sortOrder?: unknown;
}

/** The QQ groups visitors can join from the header's dialog. */
export class QQGroupsService {
  constructor(
    private readonly db: DataSource,
    private readonly versions: ContentVersionsService,
  ) {}

  private get repo() {
    return this.db.getRepository(QQGroupEntity);
  }

  listPublic(): Promise<QQGroupEntity[]> {
    return this.repo.find({ where: { isActive: true }, order: { sortOrder: "ASC", id: "ASC" } });
  }

  listAdmin(): Promise<QQGroupEntity[]> {
    return this.repo.find({ order: { sortOrder: "ASC", id: "ASC" } });
  }

  async get(rawId: unknown): Promise<QQGroupEntity> {
    const row = await this.repo.findOneBy({ id: parseId(rawId, "QQ群ID") });
    if (!row) throw new DomainError("QQ_GROUP_NOT_FOUND");
    return row;
  }

  async create(input: QQGroupInput): Promise<QQGroupEntity> {
    const fields = validate(input, true);
    const id = await this.db.transaction(async (m) => {
      if (fields.sortOrder === undefined) fields.sortOrder = await bottomSortOrder(m, "qq_groups");
      const row = await m.getRepository(QQGroupEntity).save(m.getRepository(QQGroupEntity).create(fields));
      await this.versions.bump("qqGroups", m);
      return row.id;
    });
    return this.get(id);
  }

  async update(rawId: unknown, input: QQGroupInput): Promise<QQGroupEntity> {
    const id = parseId(rawId, "QQ群ID");
    const fields = validate(input, false);
    await this.db.transaction(async (m) => {
      await this.lock(m, id);
      await m.getRepository(QQGroupEntity).update({ id }, fields);
      await this.versions.bump("qqGroups", m);
    });
    return this.get(id);
  }

  async remove(rawId: unknown): Promise<void> {
    const id = parseId(rawId, "QQ群ID");
    await this.db.transaction(async (m) => {
      await this.lock(m, id);
      await m.getRepository(QQGroupEntity).delete({ id });
      await this.versions.bump("qqGroups", m);
    });
  }

  async reorder(rawIds: unknown): Promise<QQGroupEntity[]> {
    const ids = parseOrderIds(rawIds);
    await this.db.transaction(async (m) => {
      await applySortOrder(m, "qq_groups", ids, "QQ_GROUP_NOT_FOUND");
      await this.versions.bump("qqGroups", m);
    });
    return this.listAdmin();
  }

  private async lock(m: EntityManager, id: number): Promise<void> {
    const found: unknown[] = await m.query(`SELECT id FROM qq_groups WHERE id = $1 FOR UPDATE`, [id]);
    if (found.length === 0) throw new DomainError("QQ_GROUP_NOT_FOUND");
  }
}

/** A QQ group number: 5 to 12 digits (a number or a string, surrounding spaces ignored), else 400 无效的群号. */
function parseGroupNumber(raw: unknown): string {
  const s =
    typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[1-9]\d{4,11}$/.test(s)) throw new DomainError("QQ_GROUP_NUMBER_INVALID");
  return s;
}

type QQGroupFields = Partial<Pick<QQGroupEntity, "name" | "number" | "isActive" | "sortOrder">>;

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
