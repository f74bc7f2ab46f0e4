import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { PageOf } from "../../graphql/page";
import { fenToYuan } from "../../common/validate";
import type { Order } from "./orders.service";

@ObjectType("Order")
export class OrderType {
  @Field(() => ID) id: number;
  @Field(() => String, { description: "Readable order number: business date + sequence." }) orderNo: string;
  @Field(() => Int) userId: number;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => String, { description: "recharge, app, dylib, resource-share, traffic, certificate, signing" })
  kind: string;
  @Field(() => ID, { nullable: true }) itemId: number | null;
  @Field(() => String) itemName: string;
  @Field(() => Float, { description: "Yuan." }) amount: number;
  @Field(() => String, { description: "pending, paid, fulfilled, closed, refunded" }) status: string;
  @Field(() => String) payMethod: string;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) paidAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) fulfilledAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) closedAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) refundedAt: Date | null;
  @Field(() => String, { nullable: true }) refundReason: string | null;
}

export const OrderPageType = PageOf(OrderType, "OrderPage");

export function orderOut(o: Order): OrderType {
  return {
    id: o.id,
    orderNo: o.orderNo,
    userId: o.userId,
    username: o.username ?? null,
    kind: o.kind,
    itemId: o.itemId,
    itemName: o.itemName,
    amount: fenToYuan(o.amountFen),
    status: o.status,
    payMethod: o.payMethod,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    fulfilledAt: o.fulfilledAt,
    closedAt: o.closedAt,
    refundedAt: o.refundedAt,
    refundReason: o.refundReason,
  };
}

/** REST: camelCase plus the snake_case names the spec's clients use. */
export function orderJson(o: Order) {
  const v = orderOut(o);
  return {
    ...v,
    order_no: v.orderNo,
    user_id: v.userId,
    item_id: v.itemId,
    item_name: v.itemName,
    pay_method: v.payMethod,
    created_at: v.createdAt,
    paid_at: v.paidAt,
  };
}
