import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import type { EmailRecord } from "./email.service";
import { EmailRecordPageType, EmailRecordType } from "./email.types";

const out = (r: EmailRecord): EmailRecordType => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  template: r.template,
  kind: r.kind,
  status: r.status,
  smtpResponse: r.smtp_response,
  error: r.error,
  attempts: r.attempts,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  resentFrom: r.resent_from,
});

/** 发送记录 of /admin/email-management (the same service as GET /api/admin/email/records and its 重发). */
@Resolver()
export class EmailResolver {
  @Access("admin")
  @Query(() => EmailRecordPageType, { description: "Sent and queued mail, newest first; search and status filter." })
  async adminEmailRecords(
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("status", () => String, { nullable: true }) status: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20 }) pageSize: number,
    @Ctx() ctx: GqlContext,
  ): Promise<EmailRecordPageType> {
    const p = await ctx.services.email.records({ search, status, page, pageSize });
    return { ...p, items: p.items.map(out) };
  }

  @Access("admin")
  @Mutation(() => ID, { description: "重发: queues a copy of the record (not for verification codes); its id." })
  async adminResendEmailRecord(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<number> {
    return (await ctx.services.email.resend(id)).id;
  }
}
