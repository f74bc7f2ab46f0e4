import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { optionalText, parseId, requireText, yuanToFen } from "../../common/validate";
import { parseOrderIds } from "../../db/sort-order";
import {
  certificateKind,
  certPackageExists,
  certPlanById,
  certSupplierExists,
  countCertPackages,
  countCertPlansOfPackage,
  deleteCertPackage,
  deleteCertPlan,
  deliverDemoPackageFromDemoCertificate,
  insertCertPackage,
  insertCertPlan,
  listCertPackages,
  listCertPlans,
  lockCertPackage,
  lockCertPackageOrders,
  lockCertPlanOrders,
  reorderCertPackages,
  reorderCertPlans,
  updateCertPackage,
  updateCertPlan,
  type CertPackageFields,
  type CertPlanFields,
  type CertPlanWithOrders,
  type Sql,
} from "@gryx/store";

const PACKAGE_KINDS = ["shared", "stable", "dedicated"] as const;
const SOURCES = ["asc", "supplier", "manual", "platform"] as const;
const DEVICE_TYPES = ["iphone", "ipad", "all"] as const;
type PackageKind = (typeof PACKAGE_KINDS)[number];
type FulfilmentSource = (typeof SOURCES)[number];

export interface PlanView {
  id: number;
  packageId: number;
  name: string;
  durationDays: number;
  priceFen: number;
  warrantyDays: number;
  renewalDiscountPct: number;
  /** null: unlimited. */
  stock: number | null;
  sold: number;
  enabled: boolean;
  sortOrder: number;
  /** Mall orders that name this plan (any state). */
  orderCount: number;
}

export interface PackageView {
  id: number;
  name: string;
  description: string;
  kind: PackageKind;
  source: FulfilmentSource;
  supplierId: number | null;
  /** `platform` packages: the platform certificate (one that provisions all devices) a copy of which is delivered. */
  certificateId: number | null;
  deviceType: string;
  enabled: boolean;
  sortOrder: number;
  plans: PlanView[];
}

export interface PackageInput {
  name?: unknown;
  description?: unknown;
  kind?: unknown;
  source?: unknown;
  supplierId?: unknown;
  certificateId?: unknown;
  deviceType?: unknown;
  enabled?: unknown;
}

export interface PlanInput {
  name?: unknown;
  durationDays?: unknown;
  price?: unknown;
  warrantyDays?: unknown;
  renewalDiscountPct?: unknown;
  /** null or "" = unlimited. */
  stock?: unknown;
  enabled?: unknown;
}

const intIn = (raw: unknown, what: string, min: number, max: number): number => {
  const n = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
    throw new DomainError("CERT_PLAN_INVALID", `${what}须为${min}到${max}之间的整数`);
  return n;
};

function planView(r: CertPlanWithOrders): PlanView {
  return {
    id: r.id,
    packageId: r.package_id,
    name: r.name,
    durationDays: r.duration_days,
    priceFen: Number(r.price_fen),
    warrantyDays: r.warranty_days,
    renewalDiscountPct: r.renewal_discount_pct,
    stock: r.stock,
    sold: r.sold,
    enabled: r.enabled,
    sortOrder: r.sort_order,
    orderCount: Number(r.order_count ?? 0),
  };
}

/**
 * The mall's catalogue: packages (kind, fulfilment source, device type) and their price plans (duration, price,
 * warranty, renewal discount, stock). The public list shows enabled packages with their enabled plans; admins see
 * everything, reorder, switch on and off, and delete (a plan with orders only with `force`: the orders keep their
 * snapshot, their plan id becomes null).
 */
export class MallCatalogueService {
  constructor(private readonly db: DataSource) {}

  async publicList(): Promise<PackageView[]> {
    return this.list(true);
  }

  async adminList(): Promise<PackageView[]> {
    return this.list(false);
  }

  private async list(onlyEnabled: boolean): Promise<PackageView[]> {
    const packages = await listCertPackages(this.db, onlyEnabled);
    const plans = await listCertPlans(this.db, onlyEnabled);
    return packages.map((k) => ({
      id: k.id,
      name: k.name,
      description: k.description,
      kind: k.kind as PackageKind,
      source: k.source as FulfilmentSource,
      supplierId: k.supplier_id,
      certificateId: k.certificate_id,
      deviceType: k.device_type,
      enabled: k.enabled,
      sortOrder: k.sort_order,
      plans: plans.filter((p) => p.package_id === k.id).map(planView),
    }));
  }

  async package(rawId: unknown): Promise<PackageView> {
    const id = parseId(rawId, "套餐ID");
    const found = (await this.adminList()).find((p) => p.id === id);
    if (!found) throw new DomainError("CERT_PACKAGE_NOT_FOUND");
    return found;
  }

  async plan(rawId: unknown): Promise<PlanView> {
    const id = parseId(rawId, "方案ID");
    const row = await certPlanById(this.db, id);
    if (!row) throw new DomainError("CERT_PLAN_NOT_FOUND");
    return planView(row);
  }

  private packageValues(input: PackageInput, partial: boolean): CertPackageFields {
    const v: CertPackageFields = {};
    const has = (k: keyof PackageInput) => !partial || input[k] !== undefined;
    if (has("name")) v.name = requireText(input.name, "套餐名称", 50);
    if (has("description")) v.description = optionalText(input.description, "套餐说明", 1000);
    if (has("kind")) {
      if (!PACKAGE_KINDS.includes(input.kind as PackageKind))
        throw new DomainError("CERT_PACKAGE_INVALID", "套餐类型无效（共享、稳定、独立）");
      v.kind = input.kind as PackageKind;
    }
    if (has("source")) {
      if (!SOURCES.includes(input.source as FulfilmentSource))
        throw new DomainError("CERT_PACKAGE_INVALID", "交付方式无效（App Store Connect、供应商、人工、平台证书）");
      v.source = input.source as FulfilmentSource;
    }
    if (has("deviceType")) {
      if (!DEVICE_TYPES.includes(input.deviceType as (typeof DEVICE_TYPES)[number]))
        throw new DomainError("CERT_PACKAGE_INVALID", "设备类型无效（iPhone、iPad、通用）");
      v.deviceType = input.deviceType as string;
    }
    if (input.certificateId !== undefined)
      v.certificateId =
        input.certificateId === null || input.certificateId === "" ? null : parseId(input.certificateId, "证书ID");
    if (input.supplierId !== undefined)
      v.supplierId =
        input.supplierId === null || input.supplierId === "" ? null : parseId(input.supplierId, "供应商ID");
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== "boolean") throw new DomainError("CERT_PACKAGE_INVALID", "上架状态必须是布尔值");
      v.enabled = input.enabled;
    }
    return v;
  }

  /** A `platform` package needs a platform certificate whose profile provisions all devices (an in-house one). */
  private async checkCertificate(m: Sql, source: unknown, certificateId: unknown): Promise<void> {
    if (source !== "platform") return;
    if (certificateId === null || certificateId === undefined)
      throw new DomainError("CERT_PACKAGE_INVALID", "平台证书交付的套餐须选择一张平台证书");
    const c = await certificateKind(m, parseId(certificateId, "证书ID"));
    if (!c || c.scope !== "platform") throw new DomainError("CERT_PACKAGE_INVALID", "请选择一张平台证书");
    if (!c.all_devices) throw new DomainError("CERT_PACKAGE_INVALID", "平台证书须为适用于所有设备的企业证书");
  }

  private async checkSupplier(m: Sql, source: unknown, supplierId: number | null | undefined): Promise<void> {
    if (source !== "supplier") return;
    if (supplierId === null || supplierId === undefined)
      throw new DomainError("CERT_PACKAGE_INVALID", "供应商交付的套餐须选择供应商接口");
    if (!(await certSupplierExists(m, supplierId))) throw new DomainError("MALL_SUPPLIER_NOT_FOUND");
  }

  async createPackage(input: PackageInput): Promise<PackageView> {
    const v = this.packageValues(input, false);
    await this.checkSupplier(this.db, v.source, v.supplierId);
    await this.checkCertificate(this.db, v.source, v.certificateId);
    const id = await insertCertPackage(this.db, {
      ...v,
      name: v.name!,
      description: v.description!,
      kind: v.kind!,
      source: v.source!,
      deviceType: v.deviceType!,
    });
    return this.package(id);
  }

  async updatePackage(rawId: unknown, input: PackageInput): Promise<PackageView> {
    const id = parseId(rawId, "套餐ID");
    const v = this.packageValues(input, true);
    if (!Object.keys(v).length) throw new DomainError("NOTHING_TO_UPDATE");
    await this.db.transaction(async (m) => {
      const cur = await lockCertPackage(m, id);
      if (!cur) throw new DomainError("CERT_PACKAGE_NOT_FOUND");
      await this.checkSupplier(m, v.source ?? cur.source, "supplierId" in v ? v.supplierId : cur.supplier_id);
      await this.checkCertificate(
        m,
        v.source ?? cur.source,
        "certificateId" in v ? v.certificateId : cur.certificate_id,
      );
      await updateCertPackage(m, id, v);
    });
    // Read once committed, through the pool: inside the transaction only its manager may be used.
    return this.package(id);
  }

  /** Deletes a package and its plans; one whose plans have orders only with `force` (orders keep their snapshot). */
  async deletePackage(rawId: unknown, force: boolean): Promise<void> {
    const id = parseId(rawId, "套餐ID");
    await this.db.transaction(async (m) => {
      const orders = await lockCertPackageOrders(m, id);
      if (orders === undefined) throw new DomainError("CERT_PACKAGE_NOT_FOUND");
      if (orders > 0 && !force)
        throw new DomainError("CERT_PLAN_HAS_ORDERS", `该套餐已有 ${orders} 个订单，需确认后强制删除`);
      await deleteCertPackage(m, id);
    });
  }

  async reorderPackages(rawIds: unknown): Promise<PackageView[]> {
    const ids = parseOrderIds(rawIds);
    await this.db.transaction(async (m) => {
      if ((await countCertPackages(m, ids)) !== ids.length) throw new DomainError("CERT_PACKAGE_NOT_FOUND");
      await reorderCertPackages(m, ids);
    });
    return this.adminList();
  }

  private planValues(input: PlanInput, partial: boolean): CertPlanFields {
    const v: CertPlanFields = {};
    const has = (k: keyof PlanInput) => !partial || input[k] !== undefined;
    if (has("name")) v.name = requireText(input.name, "方案名称", 50);
    if (has("durationDays")) v.durationDays = intIn(input.durationDays, "有效天数", 1, 3650);
    if (has("price")) {
      const fen = yuanToFen(input.price, "价格");
      if (fen <= 0) throw new DomainError("CERT_PLAN_INVALID", "价格须大于0");
      v.priceFen = fen;
    }
    if (has("warrantyDays"))
      v.warrantyDays =
        input.warrantyDays === undefined && !partial ? 0 : intIn(input.warrantyDays ?? 0, "质保天数", 0, 3650);
    if (input.renewalDiscountPct !== undefined)
      v.renewalDiscountPct = intIn(input.renewalDiscountPct, "续费优惠", 0, 90);
    if (input.stock !== undefined)
      v.stock = input.stock === null || input.stock === "" ? null : intIn(input.stock, "库存", 0, 1_000_000);
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== "boolean") throw new DomainError("CERT_PLAN_INVALID", "上架状态必须是布尔值");
      v.enabled = input.enabled;
    }
    return v;
  }

  async createPlan(rawPackageId: unknown, input: PlanInput): Promise<PlanView> {
    const packageId = parseId(rawPackageId, "套餐ID");
    const v = this.planValues(input, false);
    if (!(await certPackageExists(this.db, packageId))) throw new DomainError("CERT_PACKAGE_NOT_FOUND");
    const id = await insertCertPlan(this.db, packageId, {
      ...v,
      name: v.name!,
      durationDays: v.durationDays!,
      priceFen: v.priceFen!,
    });
    return this.plan(id);
  }

  async updatePlan(rawId: unknown, input: PlanInput): Promise<PlanView> {
    const id = parseId(rawId, "方案ID");
    const v = this.planValues(input, true);
    if (!Object.keys(v).length) throw new DomainError("NOTHING_TO_UPDATE");
    if (!(await updateCertPlan(this.db, id, v))) throw new DomainError("CERT_PLAN_NOT_FOUND");
    return this.plan(id);
  }

  async reorderPlans(rawPackageId: unknown, rawIds: unknown): Promise<PackageView> {
    const packageId = parseId(rawPackageId, "套餐ID");
    const ids = parseOrderIds(rawIds);
    await this.db.transaction(async (m) => {
      if ((await countCertPlansOfPackage(m, packageId, ids)) !== ids.length)
        throw new DomainError("CERT_PLAN_NOT_FOUND");
      await reorderCertPlans(m, ids);
    });
    return this.package(packageId);
  }

  /**
   * Deletes a plan. One with orders is refused (CERT_PLAN_HAS_ORDERS) unless `force` (the admin confirmed): the
   * orders keep their snapshot (name, price, duration, warranty) and lose only the link to the plan.
   */
  async deletePlan(rawId: unknown, force: boolean): Promise<void> {
    const id = parseId(rawId, "方案ID");
    await this.db.transaction(async (m) => {
      const orders = await lockCertPlanOrders(m, id);
      if (orders === undefined) throw new DomainError("CERT_PLAN_NOT_FOUND");
      if (orders > 0 && !force)
        throw new DomainError("CERT_PLAN_HAS_ORDERS", `该方案已有 ${orders} 个订单，需确认后强制删除`);
      await deleteCertPlan(m, id);
    });
  }

  /**
   * The default run: the seeded 共享版证书 package (manual until then, never edited, no orders) is delivered from the
   * demo certificate once that exists. Called at start after the demo seeds; does nothing otherwise.
   */
  async useDemoCertificate(): Promise<void> {
    await deliverDemoPackageFromDemoCertificate(this.db);
  }
}
