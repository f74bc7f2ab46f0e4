import { DEFAULT_SITE_NAME } from "@gryx/contracts";
import type { TemplateVariables } from "@gryx/platform/email-render";
import { insertTemplatedMail, userContact } from "@gryx/store";
import type { ProcessorContext } from "./context";

/**
 * Emails an account with one of the templates of /admin/email-management (a built-in one: signing-done,
 * mall-delivery...), when it has an address: the outbox row, then its email.send job. A mail that cannot be queued is
 * logged and never fails the job that finished the work (the work is done; only the message is lost).
 */
export async function mailUser(
  ctx: ProcessorContext,
  userId: number,
  key: string,
  vars: TemplateVariables,
): Promise<void> {
  try {
    const user = await userContact(ctx.db, userId);
    if (!user?.email) return;
    const id = await insertTemplatedMail(ctx.db, {
      key,
      to: user.email,
      vars: { username: user.username, email: user.email, ...vars },
      userId,
      defaultSiteName: DEFAULT_SITE_NAME,
    });
    if (id !== null) await ctx.enqueue("email.send", { outboxId: id });
  } catch (e) {
    ctx.log(`[email] ${key} for user ${userId} not queued: ${(e as Error).message}`);
  }
}
