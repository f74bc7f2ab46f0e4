import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { fenToYuan } from "../../common/validate";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import type { Page } from "../../graphql/page";
import type { BatchView } from "./card-keys.service";
import {
  CardKeyBatchPageType,
  CardKeyBatchType,
  CardKeyGenerationType,
  CardKeyPageType,
  CardKeyRedemptionType,
  CardKeyType,
  GenerateCardKeysInputType,
} from "./card-keys.types";

const batchOut = (b: BatchView): CardKeyBatchType => ({ ...b, amount: fenToYuan(b.amountFen) });
const batchPage = (p: Page<BatchView>) => ({ ...p, items: p.items.map(batchOut) });

@Resolver()
export class CardKeysResolver {
  @Access("user")
  @Mutation(() => CardKeyRedemptionType, {
    description: "Redeems a card key for the caller (rate limited per account and address).",
  })
  async redeemCardKey(@Arg("code", () => String) code: string, @Ctx() ctx: GqlContext): Promise<CardKeyRedemptionType> {
    const r = await ctx.services.cardKeys.redeem(requireAuth(ctx).user.id, ctx.meta.ip, code);
    return { kind: r.kind, amount: fenToYuan(r.amountFen), balance: fenToYuan(r.balanceFen) };
  }

  @Access("admin")
  @Mutation(() => CardKeyGenerationType, { description: "Generates a batch; the plain codes are only in this answer." })
  async generateCardKeys(
    @Arg("input", () => GenerateCardKeysInputType) input: GenerateCardKeysInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CardKeyGenerationType> {
    const r = await ctx.services.cardKeys.generate(requireAuth(ctx).user.id, { ...input });
    return { batchId: r.batch.id, codes: r.codes, batch: batchOut(r.batch) };
  }

  @Access("admin")
  @Query(() => CardKeyBatchPageType, {
    description: "Card key batches, newest first, with how many codes were redeemed.",
  })
  async adminCardKeyBatches(
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return batchPage(await ctx.services.cardKeys.listBatches({ page, pageSize }));
  }

  @Access("admin")
  @Query(() => CardKeyPageType, { description: "A batch's codes: hint, status, who redeemed and when." })
  async adminCardKeys(
    @Arg("batchId", () => ID) batchId: string,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.cardKeys.listCodes(batchId, { page, pageSize });
  }

  @Access("admin")
  @Mutation(() => CardKeyBatchType, { description: "Disables or enables a whole batch." })
  async setCardKeyBatchDisabled(
    @Arg("id", () => ID) id: string,
    @Arg("disabled", () => Boolean) disabled: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<CardKeyBatchType> {
    return batchOut(await ctx.services.cardKeys.setBatchDisabled(id, disabled));
  }

  @Access("admin")
  @Mutation(() => CardKeyType, { description: "Disables or enables one code." })
  async setCardKeyDisabled(
    @Arg("id", () => ID) id: string,
    @Arg("disabled", () => Boolean) disabled: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<CardKeyType> {
    return ctx.services.cardKeys.setCodeDisabled(id, disabled);
  }
}
