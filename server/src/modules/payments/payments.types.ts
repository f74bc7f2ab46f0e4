import { DateTimeISOResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";
import { OrderType } from "../wallet/orders.types";

@ObjectType("PublicPaymentMethod", { description: "A method users can top up with (never the merchant's pid or key)." })
export class PublicPaymentMethodType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "alipay, wxpay or qqpay" }) channel: string;
  @Field(() => Float, { description: "Yuan." }) minAmount: number;
  @Field(() => Float, { description: "Yuan." }) maxAmount: number;
}

@ObjectType("PaymentMethod", {
  description: "An EPay merchant as the admin sees it: the key is write-only and never returned.",
})
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

@InputType("PaymentMethodInput", {
  description: "On update, fields left out keep their value; an empty key keeps the stored key.",
})
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

@ObjectType("OrderPayment", {
  description: "Paying an order: paid from the balance at once, or a gateway page to pay on.",
})
export class OrderPaymentType {
  @Field(() => Boolean) paid: boolean;
  @Field(() => OrderType) order: OrderType;
  @Field(() => RechargeStartType, {
    nullable: true,
    description: "The gateway payment when not paid from the balance.",
  })
  payment: RechargeStartType | null;
}

@ObjectType("Withdrawal", {
  description: "A request to take money out of the wallet; the amount is frozen while it waits for review.",
})
export class WithdrawalType {
  @Field(() => ID) id: number;
  @Field(() => String) withdrawNo: string;
  @Field(() => ID) userId: number;
  @Field(() => String) username: string;
  @Field(() => Float, { description: "Yuan." }) amount: number;
  @Field(() => String, { description: "alipay, wxpay or bank" }) channel: string;
  @Field(() => String) account: string;
  @Field(() => String) realName: string;
  @Field(() => String, { description: "pending, approved or rejected" }) status: string;
  @Field(() => String, { nullable: true }) payoutRef: string | null;
  @Field(() => String, { nullable: true }) reviewNote: string | null;
  @Field(() => String, { nullable: true }) reviewedBy: string | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) reviewedAt: Date | null;
}

export const WithdrawalPageType = PageOf(WithdrawalType, "WithdrawalPage");

@InputType("WithdrawInput")
export class WithdrawInputType {
  @Field(() => Float, { description: "Yuan, at most 2 decimals." }) amount: number;
  @Field(() => String, { description: "alipay, wxpay or bank" }) channel: string;
  @Field(() => String) account: string;
  @Field(() => String) realName: string;
}
