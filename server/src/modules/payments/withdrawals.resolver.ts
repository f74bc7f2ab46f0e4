import { Arg, Ctx, Float, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { fenToYuan } from "../../common/validate";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import type { Page } from "../../graphql/page";
import { WithdrawInputType, WithdrawalPageType, WithdrawalType } from "./payments.types";
import type { WithdrawalView } from "./withdrawals.service";

const out = (w: WithdrawalView): WithdrawalType => ({ ...w, amount: fenToYuan(w.amountFen) });
const page = (p: Page<WithdrawalView>) => ({ ...p, items: p.items.map(out) });

@Resolver()
export class WithdrawalsResolver {
  @Access("user")
  @Query(() => WithdrawalPageType, { description: "The caller's withdrawal requests, newest first." })
  async myWithdrawals(
    @Arg("page", () => Int, { defaultValue: 1 }) p: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ) {
    return page(await ctx.services.withdrawals.mine(requireAuth(ctx).user.id, { page: p, pageSize }));
  }

  @Access("user")
  @Query(() => Float, { description: "Yuan frozen in the caller's pending withdrawal requests." })
  async myFrozenBalance(@Ctx() ctx: GqlContext): Promise<number> {
    return fenToYuan(await ctx.services.withdrawals.frozenFen(requireAuth(ctx).user.id));
  }

  @Access("user")
  @Mutation(() => WithdrawalType, {
    description: "Requests a withdrawal: the amount leaves the balance now and is frozen until an admin reviews it.",
  })
  async requestWithdrawal(
    @Arg("input", () => WithdrawInputType) input: WithdrawInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<WithdrawalType> {
    return out(await ctx.services.withdrawals.request(requireAuth(ctx).user.id, { ...input }));
  }

  @Access("admin")
  @Query(() => WithdrawalPageType, {
    description: "Every withdrawal request; search matches a number, user id or part of a username.",
  })
  async adminWithdrawals(
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) p: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ) {
    return page(await ctx.services.withdrawals.adminList({ status, search, page: p, pageSize }));
  }

  @Access("admin")
  @Mutation(() => WithdrawalType, {
    description: "Approves a pending request once the money was paid out; payoutRef records the transfer.",
  })
  async approveWithdrawal(
    @Arg("id", () => ID) id: string,
    @Arg("payoutRef", () => String, { nullable: true }) payoutRef: string | null,
    @Ctx() ctx: GqlContext,
  ): Promise<WithdrawalType> {
    return out(await ctx.services.withdrawals.approve(requireAuth(ctx).user.username, id, payoutRef));
  }

  @Access("admin")
  @Mutation(() => WithdrawalType, {
    description: "Rejects a pending request (a reason is required) and returns its amount to the wallet.",
  })
  async rejectWithdrawal(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: GqlContext,
  ): Promise<WithdrawalType> {
    return out(await ctx.services.withdrawals.reject(requireAuth(ctx).user.username, id, reason));
  }
}
