import { DateTimeISOResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("CardKeyBatch", { description: "A batch of card keys as the back office sees it." })
export class CardKeyBatchType {
  @Field(() => ID) id: number;
  @Field(() => String, { description: "balance or certificate (a mall plan, redeemed in the mall)" }) kind: string;
  @Field(() => ID, { nullable: true, description: "The mall price plan of a certificate key." }) planId: number | null;
  @Field(() => Float, { description: "Yuan credited by each code." }) amount: number;
  @Field(() => Int) count: number;
  @Field(() => String) prefix: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) expiresAt: Date | null;
  @Field(() => Boolean) disabled: boolean;
  @Field(() => String, { nullable: true, description: "The admin who generated it." }) createdBy: string | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => Int) redeemedCount: number;
  @Field(() => Int, { description: "Unredeemed codes disabled one by one." }) disabledCount: number;
}

export const CardKeyBatchPageType = PageOf(CardKeyBatchType, "CardKeyBatchPage");

@ObjectType("CardKey", { description: "One code: only a hint is kept, never the code itself." })
export class CardKeyType {
  @Field(() => ID) id: number;
  @Field(() => ID) batchId: number;
  @Field(() => String) hint: string;
  @Field(() => String, { description: "unused, redeemed, disabled or expired" }) status: string;
  @Field(() => Boolean, { description: "This code's own switch (the batch's is on the batch)." }) disabled: boolean;
  @Field(() => ID, { nullable: true }) redeemedBy: number | null;
  @Field(() => String, { nullable: true }) redeemedByUsername: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) redeemedAt: Date | null;
}

export const CardKeyPageType = PageOf(CardKeyType, "CardKeyPage");

@InputType("GenerateCardKeysInput")
export class GenerateCardKeysInputType {
  @Field(() => String, { nullable: true, description: "balance (the default) or certificate" }) kind?: string;
  @Field(() => ID, {
    nullable: true,
    description: "certificate keys: the mall price plan (its price is the face value).",
  })
  planId?: string;
  @Field(() => Float, { nullable: true, description: "Yuan per code (balance keys)." }) amount?: number;
  @Field(() => Int, { description: "1 to 10000." }) count: number;
  @Field(() => String, { nullable: true, description: "Up to 8 capitals or digits." }) prefix?: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) expiresAt?: Date;
}

@ObjectType("CardKeyGeneration", { description: "A new batch and its plain codes, shown only in this answer." })
export class CardKeyGenerationType {
  @Field(() => ID) batchId: number;
  @Field(() => [String]) codes: string[];
  @Field(() => CardKeyBatchType) batch: CardKeyBatchType;
}

@ObjectType("CardKeyRedemption")
export class CardKeyRedemptionType {
  @Field(() => String) kind: string;
  @Field(() => Float, { description: "Yuan credited." }) amount: number;
  @Field(() => Float, { description: "The wallet's balance afterwards, in yuan." }) balance: number;
}
