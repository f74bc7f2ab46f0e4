import { DateTimeISOResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("PublicPaymentMethod", { description: "A method users can top up with (never the merchant's pid or key)." })
export class PublicPaymentMethodType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "alipay, wxpay or qqpay" }) channel: string;
  @Field(() => Float, { description: "Yuan." }) minAmount: number;
  @Field(() => Float, { description: "Yuan." }) maxAmount: number;
}

@ObjectType("PaymentMethod", { description: "An EPay merchant as the admin sees it: the key is write-only and never returned." })
export class PaymentMethodType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String) channel: string;
  @Field(() => String) gatewayUrl: string;
  @Field(() => String) pid: string;
  @Field(() => Float) minAmount: number;
  @Field(() => Float) maxAmount: number;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

@InputType("PaymentMethodInput", { description: "On update, fields left out keep their value; an empty key keeps the stored key." })
export class PaymentMethodInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) channel?: string;
  @Field(() => String, { nullable: true }) gatewayUrl?: string;
  @Field(() => String, { nullable: true }) pid?: string;
  @Field(() => String, { nullable: true, description: "Write-only merchant key." }) key?: string;
  @Field(() => Float, { nullable: true }) minAmount?: number;
  @Field(() => Float, { nullable: true }) maxAmount?: number;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
}

@ObjectType("RechargeOrder")
export class RechargeOrderType {
  @Field(() => String) orderNo: string;
  @Field(() => ID) userId: number;
  @Field(() => String) username: string;
  @Field(() => ID) methodId: number;
  @Field(() => String) methodName: string;
  @Field(() => String) channel: string;
  @Field(() => Float, { description: "Yuan." }) amount: number;
  @Field(() => String, { description: "pending, paid, closed or refunded" }) status: string;
  @Field(() => String, { nullable: true, description: "The gateway's trade number once paid." }) tradeNo: string | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) paidAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) closedAt: Date | null;
}

export const RechargeOrderPageType = PageOf(RechargeOrderType, "RechargeOrderPage");

@ObjectType("RechargeStart")
export class RechargeStartType {
  @Field(() => String) orderNo: string;
  @Field(() => String, { description: "The gateway's submit.php page to send the payer to." }) payUrl: string;
  @Field(() => Float) amount: number;
}
