import type { DataSource } from "typeorm";
import { EmailOutboxEntity } from "./email-outbox.entity";
import type { JobQueue } from "../../jobs/enqueue";

/** Queues emails: a row in the outbox, then a job that carries only its id. The worker delivers it. */
export class EmailService {
  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  async queue(mail: { to: string | null; subject: string; body: string; kind: string }): Promise<number> {
    const row = await this.db.getRepository(EmailOutboxEntity).save({
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      kind: mail.kind,
    });
    // No fixed jobId: ids restart with a new database while Redis may keep old jobs; the processor is idempotent.
    await this.jobs.add("email.send", { outboxId: row.id });
    return row.id;
  }
}
