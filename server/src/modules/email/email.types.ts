import { DateTimeISOResolver } from "graphql-scalars";
import { Field, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("EmailRecord", { description: "One outgoing mail of the outbox (发送记录) and what became of it." })
export class EmailRecordType {
  @Field(() => ID) id: number;
  @Field(() => String, { nullable: true }) to: string | null;
  @Field(() => String) subject: string;
  @Field(() => String, { nullable: true, description: "The template's key, or null for a mail written by hand." })
  template: string | null;
  @Field(() => String, { description: "What sent it: a template key, test, custom..." }) kind: string;
  @Field(() => String, { description: "queued, sent, logged (no SMTP configured) or failed" }) status: string;
  @Field(() => String, { nullable: true, description: "The SMTP server's last answer." }) smtpResponse: string | null;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => Int) attempts: number;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) sentAt: Date | null;
  @Field(() => ID, { nullable: true, description: "The record this one re-sends." }) resentFrom: number | null;
}

export const EmailRecordPageType = PageOf(EmailRecordType, "EmailRecordPage");
export type EmailRecordPageType = InstanceType<typeof EmailRecordPageType>;
