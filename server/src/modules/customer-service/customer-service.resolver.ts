import { GraphQLError } from "graphql";
import { isDomainError } from "../../common/errors";
import { Arg, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import { orderOut } from "../wallet/orders.types";
import type { Caller, CsChange, CsMessage } from "./customer-service.service";
import {
  CsCardsType,
  CsChangeType,
  CsContextType,
  CsMessagePageType,
  CsMessagesType,
  CsMessageType,
  CsSendInput,
  CsSessionPageType,
  CsSessionStartType,
  CsSessionType,
  CsSettingsInput,
  CsSettingsType,
} from "./customer-service.types";

const caller = (ctx: GqlContext, guestId?: string | null): Caller => ({
  userId: ctx.auth?.user.id ?? null,
  username: ctx.auth?.user.username ?? null,
  guestId: guestId ?? null,
});

const sendInput = (i: CsSendInput) => ({
  content: i.content,
  messageType: i.messageType,
  orderNo: i.orderNo,
  certificateId: i.certificateId,
});

@Resolver()
export class CustomerServiceResolver {
  @Access("guest")
  @Query(() => CsSettingsType, {
    description: "The chat widget's settings (enabled, name, avatar, welcome message, quick replies, hours).",
  })
  customerServiceSettings(@Ctx() ctx: GqlContext) {
    return ctx.services.customerService.publicSettings();
  }

  @Access("guest")
  @Mutation(() => CsSessionStartType, {
    description: "The caller's chat session (created when it has none); a guest keeps the returned guestId.",
  })
  startCustomerServiceSession(
    @Arg("guestId", () => String, { nullable: true }) guestId: string | null,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.customerService.startSession(caller(ctx), guestId, ctx.meta.ip);
  }

  @Access("guest")
  @Query(() => CsMessagesType, {
    description: "A page of the caller's session (page 1 = the latest); another's session is CS_SESSION_NOT_FOUND.",
  })
  customerServiceMessages(
    @Arg("sessionId", () => String) sessionId: string,
    @Arg("guestId", () => String, { nullable: true }) guestId: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 50 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.customerService.messages(caller(ctx, guestId), sessionId, { page, pageSize });
  }

  @Access("guest")
  @Mutation(() => CsMessageType, {
    description: "Sends a text message or a card of one of the caller's orders or certificates.",
  })
  sendCustomerServiceMessage(@Arg("input", () => CsSendInput) input: CsSendInput, @Ctx() ctx: GqlContext) {
    return ctx.services.customerService.send(caller(ctx, input.guestId), input.sessionId, sendInput(input));
  }

  @Access("guest")
  @Mutation(() => Int, { description: "Marks the service's messages read; returns the unread count (0)." })
  async markCustomerServiceRead(
    @Arg("sessionId", () => String) sessionId: string,
    @Arg("guestId", () => String, { nullable: true }) guestId: string | null,
    @Ctx() ctx: GqlContext,
  ) {
    return (await ctx.services.customerService.markRead(caller(ctx, guestId), sessionId)).unread;
  }

  @Access("user")
  @Query(() => CsCardsType, { description: "The caller's orders and certificates it may send as cards." })
  async customerServiceCards(@Ctx() ctx: GqlContext): Promise<CsCardsType> {
    const c = caller(ctx);
    const [orders, certificates] = await Promise.all([
      ctx.services.customerService.cardOrders(c),
      ctx.services.customerService.cardCertificates(c),
    ]);
    return { orders: orders.map(orderOut), certificates };
  }

  @Access("guest")
  @Subscription(() => CsMessageType, {
    subscribe: ({ args, context }) => {
      const ctx = context as GqlContext;
      // graphql-ws does not run the HTTP error formatter: a refusal leaves with its code and status here.
      return ctx.services.customerService
        .watch(caller(ctx, args.guestId as string | null), args.sessionId)
        .catch((e) => {
          throw isDomainError(e) ? new GraphQLError(e.message, { extensions: { code: e.code, status: e.status } }) : e;
        });
    },
    description:
      "New messages of the caller's session (checked at subscribe: another's session is CS_SESSION_NOT_FOUND).",
  })
  messageAdded(
    @Arg("sessionId", () => String) _sessionId: string,
    @Arg("guestId", () => String, { nullable: true }) _guestId: string | null,
    @Root() message: CsMessage,
  ): CsMessage {
    return message;
  }

  // ---- admin ----

  @Access("admin")
  @Query(() => CsSessionPageType, {
    description:
      "Sessions, latest message first, with unread counts; search matches username, session id or message text.",
  })
  adminCustomerServiceSessions(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 50 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.customerService.adminSessions({ search, status, page, pageSize });
  }

  @Access("admin")
  @Query(() => CsMessagePageType, {
    description: "A session's messages (page 1 = the latest), oldest first within the page.",
  })
  adminCustomerServiceMessages(
    @Arg("sessionId", () => String) sessionId: string,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 50 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.customerService.adminMessages(sessionId, { page, pageSize });
  }

  @Access("admin")
  @Query(() => CsContextType, { description: "The session user's orders and certificates." })
  async adminCustomerServiceContext(
    @Arg("sessionId", () => String) sessionId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<CsContextType> {
    const c = await ctx.services.customerService.adminContext(sessionId);
    return { ...c, orders: c.orders.map(orderOut) };
  }

  @Access("admin")
  @Query(() => CsMessagePageType, { description: "Messages containing the words, across sessions, newest first." })
  adminSearchCustomerServiceMessages(
    @Arg("query", () => String) query: string,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.customerService.searchMessages(query, { page, pageSize: 50 });
  }

  @Access("admin")
  @Mutation(() => CsMessageType, {
    description: "Replies as the service (text, or a card of the session user's order or certificate).",
  })
  adminSendCustomerServiceMessage(@Arg("input", () => CsSendInput) input: CsSendInput, @Ctx() ctx: GqlContext) {
    return ctx.services.customerService.adminSend(requireAuth(ctx).user.id, input.sessionId, sendInput(input));
  }

  @Access("admin")
  @Mutation(() => CsSessionType, { description: "Marks the user's messages read for every admin." })
  adminMarkCustomerServiceRead(@Arg("sessionId", () => String) sessionId: string, @Ctx() ctx: GqlContext) {
    return ctx.services.customerService.adminMarkRead(sessionId);
  }

  @Access("admin")
  @Mutation(() => CsSessionType, {
    description: "Closes (closed) or reopens (open) a session; a user's new message reopens it too.",
  })
  adminSetCustomerServiceSessionStatus(
    @Arg("sessionId", () => String) sessionId: string,
    @Arg("status", () => String) status: string,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.customerService.setStatus(sessionId, status);
  }

  @Access("admin")
  @Query(() => CsSettingsType)
  adminCustomerServiceSettings(@Ctx() ctx: GqlContext) {
    return ctx.services.customerService.settings();
  }

  @Access("admin")
  @Mutation(() => CsSettingsType)
  updateCustomerServiceSettings(@Arg("input", () => CsSettingsInput) input: CsSettingsInput, @Ctx() ctx: GqlContext) {
    return ctx.services.customerService.updateSettings({ ...input });
  }

  @Access("admin")
  @Subscription(() => CsChangeType, {
    subscribe: ({ context }) => (context as GqlContext).services.customerService.adminWatch(),
    description: "Every session change (new messages, reads, close/reopen) for the admins' console.",
  })
  customerServiceChanged(@Root() change: CsChange): CsChange {
    return change;
  }
}
