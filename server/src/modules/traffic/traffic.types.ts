import { Field, Float, ID, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";
import { fenToYuan } from "../../common/validate";
import type { DownloadGrant, DownloadQuote } from "./traffic.service";

@ObjectType("DownloadQuote", { description: "The traffic fee of one download, shown before charging." })
export class DownloadQuoteType {
  @Field(() => String, { description: "dylib or resource-share" }) kind: string;
  @Field(() => ID) itemId: number;
  @Field(() => String) itemName: string;
  @Field(() => Float, { description: "Bytes." }) fileSize: number;
  @Field(() => Float, { description: "Yuan; 0 = free, no confirmation needed." }) fee: number;
  @Field(() => String, { description: "free, size (the formula) or item (the item's own traffic fee)" }) rule: string;
  @Field(() => String, {
    nullable: true,
    description: "Pass to confirmDownload to pay exactly this fee; null when free.",
  })
  quoteId: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) expiresAt: Date | null;
}

@ObjectType("DownloadGrant", {
  description: "A paid traffic fee: pass `token` as ?grant= to the download until it expires.",
})
export class DownloadGrantType {
  @Field(() => String) kind: string;
  @Field(() => ID) itemId: number;
  @Field(() => String) token: string;
  @Field(() => Float, { description: "Yuan." }) fee: number;
  @Field(() => String) orderNo: string;
  @Field(() => DateTimeISOResolver) expiresAt: Date;
  @Field(() => Boolean, { description: "False when this quote had been paid already (nothing charged again)." })
  charged: boolean;
}

@ObjectType("TrafficFeeExample")
export class TrafficFeeExampleType {
  @Field(() => Float) sizeMB: number;
  @Field(() => Float, { description: "Yuan." }) fee: number;
  @Field(() => String) rule: string;
}

export const quoteOut = (q: DownloadQuote): DownloadQuoteType => ({
  kind: q.kind,
  itemId: q.itemId,
  itemName: q.itemName,
  fileSize: q.sizeBytes,
  fee: fenToYuan(q.feeFen),
  rule: q.rule,
  quoteId: q.quoteId,
  expiresAt: q.expiresAt,
});

export const grantOut = (g: DownloadGrant): DownloadGrantType => ({
  kind: g.kind,
  itemId: g.itemId,
  token: g.token,
  fee: fenToYuan(g.feeFen),
  orderNo: g.orderNo,
  expiresAt: g.expiresAt,
  charged: g.charged,
});

/** The REST shapes (snake_case, yuan). */
export const quoteJson = (q: DownloadQuote) => {
  const o = quoteOut(q);
  return {
    kind: o.kind,
    id: o.itemId,
    name: o.itemName,
    file_size: o.fileSize,
    fee: o.fee,
    rule: o.rule,
    quote_id: o.quoteId,
    expires_at: o.expiresAt,
  };
};
export const grantJson = (g: DownloadGrant) => {
  const o = grantOut(g);
  return {
    kind: o.kind,
    id: o.itemId,
    grant: o.token,
    fee: o.fee,
    order_no: o.orderNo,
    expires_at: o.expiresAt,
    charged: o.charged,
  };
};
