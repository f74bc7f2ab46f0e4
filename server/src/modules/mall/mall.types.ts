import { DateTimeISOResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("CertPlan", { description: "A price plan of a certificate package." })
export class CertPlanType {
  @Field(() => ID) id: number;
  @Field(() => ID) packageId: number;
  @Field(() => String) name: string;
  @Field(() => Int) durationDays: number;
  @Field(() => Float, { description: "Yuan." }) price: number;
  @Field(() => Int) warrantyDays: number;
  @Field(() => Int, { description: "Percent off a renewal outside the warranty." }) renewalDiscountPct: number;
  @Field(() => Int, { nullable: true, description: "null: unlimited." }) stock: number | null;
  @Field(() => Int) sold: number;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => Int, { description: "Mall orders naming this plan (admins)." }) orderCount: number;
}

@ObjectType("CertPackage", { description: "A certificate package of the mall with its plans." })
export class CertPackageType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String) description: string;
  @Field(() => String, { description: "shared, stable or dedicated" }) kind: string;
  @Field(() => String, { description: "asc, supplier, manual or platform" }) source: string;
  @Field(() => ID, { nullable: true }) supplierId: number | null;
  @Field(() => ID, { nullable: true, description: "platform packages: the platform certificate delivered." })
  certificateId: number | null;
  @Field(() => String, { description: "iphone, ipad or all" }) deviceType: string;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => [CertPlanType]) plans: CertPlanType[];
}

@InputType("CertPackageInput")
export class CertPackageInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) kind?: string;
  @Field(() => String, { nullable: true }) source?: string;
  @Field(() => ID, { nullable: true }) supplierId?: string | null;
  @Field(() => ID, { nullable: true }) certificateId?: string | null;
  @Field(() => String, { nullable: true }) deviceType?: string;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
}

@InputType("PricePlanInput")
export class PricePlanInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Int, { nullable: true }) durationDays?: number;
  @Field(() => Float, { nullable: true, description: "Yuan." }) price?: number;
  @Field(() => Int, { nullable: true }) warrantyDays?: number;
  @Field(() => Int, { nullable: true }) renewalDiscountPct?: number;
  @Field(() => Int, { nullable: true, description: "null: unlimited." }) stock?: number | null;
  @Field(() => Boolean, { nullable: true, description: "Set true with stock null to make the stock unlimited." })
  unlimitedStock?: boolean;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
}

@ObjectType("MallOrder", { description: "A certificate-mall order and its fulfilment." })
export class MallOrderType {
  @Field(() => ID) id: number;
  @Field(() => String) orderNo: string;
  @Field(() => String, { description: "purchase, renewal, warranty or card_key" }) kind: string;
  @Field(() => ID, { nullable: true }) userId: number | null;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => ID, { nullable: true }) deviceId: number | null;
  @Field(() => String) udid: string;
  @Field(() => ID, { nullable: true }) packageId: number | null;
  @Field(() => ID, { nullable: true }) planId: number | null;
  @Field(() => String) packageName: string;
  @Field(() => String) planName: string;
  @Field(() => Int) durationDays: number;
  @Field(() => Int) warrantyDays: number;
  @Field(() => String) source: string;
  @Field(() => Float, { description: "Yuan." }) amount: number;
  @Field(() => String, { description: "pending, paid, fulfilling, waiting, delivered, failed, refunded, closed" })
  status: string;
  @Field(() => ID, { nullable: true }) parentOrderId: number | null;
  @Field(() => ID, { nullable: true, description: "The delivered certificate (the buyer's, in 证书管理)." })
  certificateId: number | null;
  @Field(() => ID, { nullable: true }) ascAccountId: number | null;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) warrantyUntil: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) expiresAt: Date | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) paidAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) deliveredAt: Date | null;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

export const MallOrderPageType = PageOf(MallOrderType, "MallOrderPage");

@ObjectType("MallOrderLog")
export class MallOrderLogType {
  @Field(() => ID) id: number;
  @Field(() => String) level: string;
  @Field(() => String) message: string;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

@ObjectType("AscAccount", {
  description: "An App Store Connect account of the mall: a .p8 key paired with a platform certificate.",
})
export class AscAccountType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => ID) p8KeyId: number;
  @Field(() => String) keyId: string;
  @Field(() => String) issuerId: string;
  @Field(() => ID) certificateId: number;
  @Field(() => String) certificateName: string;
  @Field(() => String) teamId: string;
  @Field(() => Int) deviceLimit: number;
  @Field(() => String, { description: "ok, full or bad" }) status: string;
  @Field(() => String, { nullable: true }) statusReason: string | null;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Int) deliveries: number;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

@InputType("AscAccountInput")
export class AscAccountInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => ID, { nullable: true }) p8KeyId?: string;
  @Field(() => ID, { nullable: true }) certificateId?: string;
  @Field(() => Int, { nullable: true }) deviceLimit?: number;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
  @Field(() => Boolean, { nullable: true }) resetStatus?: boolean;
}

@ObjectType("CertSupplier", { description: "A supplier API of the mall (its key is never answered)." })
export class CertSupplierType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String) baseUrl: string;
  @Field(() => String, { description: "JSON object: package id → the supplier's product code." })
  productMapJson: string;
  @Field(() => Int) timeoutMs: number;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Boolean, {
    description: "允许内网地址: the API may be on loopback or a private address (never link-local).",
  })
  allowPrivate: boolean;
  @Field(() => DateTimeISOResolver, { nullable: true }) lastTestAt: Date | null;
  @Field(() => Boolean, { nullable: true }) lastTestOk: boolean | null;
  @Field(() => String, { nullable: true }) lastTestMessage: string | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

@InputType("CertSupplierInput")
export class CertSupplierInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) baseUrl?: string;
  @Field(() => String, { nullable: true, description: "Only when setting or changing it." }) apiKey?: string;
  @Field(() => String, { nullable: true, description: "JSON object: package id → product code." })
  productMapJson?: string;
  @Field(() => Int, { nullable: true }) timeoutMs?: number;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
  @Field(() => Boolean, { nullable: true }) allowPrivate?: boolean;
}
