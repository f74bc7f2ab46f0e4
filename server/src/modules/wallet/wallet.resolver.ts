import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { fenToYuan } from "../../common/validate";
import type { WalletChangedView } from "./wallet.service";
import { LedgerPageType, WalletChangeType, WalletType, ledgerEntryOut, walletChangeOut } from "./wallet.types";

@Resolver()
export class WalletResolver {
  @Access("user")
  @Query(() => WalletType, { description: "The caller's wallet." })
  async myWallet(@Ctx() ctx: GqlContext): Promise<WalletType> {
    return { balance: fenToYuan(await ctx.services.wallet.balanceFen(requireAuth(ctx).user.id)) };
  }

  @Access("user")
  @Query(() => LedgerPageType, { description: "The caller's ledger, newest first; `type` filters." })
  async myWalletTransactions(
    @Arg("type", () => String, { nullable: true }) type: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<InstanceType<typeof LedgerPageType>> {
    const p = await ctx.services.wallet.transactions(requireAuth(ctx).user.id, { type, page, pageSize });
    return { ...p, items: p.items.map(ledgerEntryOut) };
  }

  @Access("admin")
  @Query(() => LedgerPageType, {
    description: "Every wallet change (消费记录); `user` is an id or part of a username.",
  })
  async adminLedger(
    @Arg("user", () => String, { nullable: true }) user: string | null,
    @Arg("type", () => String, { nullable: true }) type: string | null,
    @Arg("orderNo", () => String, { nullable: true }) orderNo: string | null,
    @Arg("from", () => String, { nullable: true, description: "First business day, YYYY-MM-DD." }) from: string | null,
    @Arg("to", () => String, { nullable: true, description: "Last business day (inclusive), YYYY-MM-DD." })
    to: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<InstanceType<typeof LedgerPageType>> {
    const p = await ctx.services.wallet.adminLedger({ user, type, orderNo, from, to, page, pageSize });
    return { ...p, items: p.items.map(ledgerEntryOut) };
  }

  @Access("admin")
  @Query(() => WalletType, { description: "A user's wallet." })
  async adminUserWallet(@Arg("userId", () => ID) userId: string, @Ctx() ctx: GqlContext): Promise<WalletType> {
    return { balance: fenToYuan(await ctx.services.wallet.balanceFen(ctx.services.wallet.userIdOf(userId))) };
  }

  @Access("perm:finance")
  @Mutation(() => WalletChangeType, {
    description: "Adds (positive) or takes (negative) yuan from a user's wallet; the reason is required.",
  })
  async adminAdjustWallet(
    @Arg("userId", () => ID) userId: string,
    @Arg("amount", () => String, { description: 'Signed yuan, e.g. "10.00" or "-2.5".' }) amount: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: GqlContext,
  ): Promise<WalletChangeType> {
    return walletChangeOut(
      await ctx.services.wallet.adminAdjust(requireAuth(ctx).user.username, userId, amount, reason),
    );
  }

  @Access("user")
  @Subscription(() => WalletChangeType, {
    subscribe: ({ context }) => {
      const ctx = context as GqlContext;
      return ctx.services.wallet.watch(requireAuth(ctx).user.id);
    },
    description:
      "The caller's balance now, then again after each change of it (a purchase, a top-up, an admin's adjustment).",
  })
  walletChanged(@Root() change: WalletChangedView): WalletChangeType {
    return walletChangeOut(change);
  }
}
