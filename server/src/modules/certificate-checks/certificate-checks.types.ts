import { DateTimeISOResolver, JSONObjectResolver } from "graphql-scalars";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("CertificateCheck", {
  description:
    "One status check of one certificate (a check-status request, an admin's check, or one of a detection batch).",
})
export class CertificateCheckType {
  @Field(() => ID) id: number;
  @Field(() => ID) certificateId: number;
  @Field(() => String) certificateName: string;
  @Field(() => ID, { nullable: true, description: "The certificate's owner (null for a platform certificate)." })
  userId: number | null;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => ID, { nullable: true }) batchId: number | null;
  @Field(() => String, { description: "checking, valid, revoked, expired, error or cancelled" }) status: string;
  @Field(() => String, { nullable: true, description: "The OCSP answer: good, revoked, unknown or error." })
  ocspStatus: string | null;
  @Field(() => String, { nullable: true, description: "Why the status is not valid (Chinese)." }) reason: string | null;
  @Field(() => JSONObjectResolver, {
    nullable: true,
    description: "The full report: every check, the OCSP answer, the certificate and profile facts.",
  })
  report: Record<string, unknown> | null;
  @Field(() => DateTimeISOResolver, { nullable: true, description: "The OCSP answer is reused until then." })
  nextUpdate: Date | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt: Date | null;
}

export const CertificateCheckPageType = PageOf(CertificateCheckType, "CertificateCheckPage");

@ObjectType("DetectionFilter")
export class DetectionFilterType {
  @Field(() => String, { description: "user, temp, platform or all" }) scope: string;
  @Field(() => String, { description: "all, unchecked, valid, revoked, expired or error" }) status: string;
  @Field(() => String, { nullable: true }) search: string | null;
}

@InputType("DetectionFilterInput")
export class DetectionFilterInputType {
  @Field(() => String, { nullable: true, description: "user, temp, platform or all (default)" }) scope?: string;
  @Field(() => String, { nullable: true, description: "all (default), unchecked, valid, revoked, expired or error" })
  status?: string;
  @Field(() => String, { nullable: true, description: "Part of the name, common name, team id or owner's username." })
  search?: string;
}

@ObjectType("DetectionBatch", {
  description: "A detection batch: counts are of OCSP answers (good, revoked, unknown, error).",
})
export class DetectionBatchType {
  @Field(() => ID) id: number;
  @Field(() => ID, { nullable: true }) createdBy: number | null;
  @Field(() => String, { nullable: true }) createdByName: string | null;
  @Field(() => DetectionFilterType) filter: DetectionFilterType;
  @Field(() => String, { description: "running, completed or cancelled" }) status: string;
  @Field(() => Int) total: number;
  @Field(() => Int, { description: "Checks finished (including cancelled ones)." }) done: number;
  @Field(() => Int) good: number;
  @Field(() => Int) revoked: number;
  @Field(() => Int) unknown: number;
  @Field(() => Int) error: number;
  @Field(() => Int) cancelled: number;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt: Date | null;
}

export const DetectionBatchPageType = PageOf(DetectionBatchType, "DetectionBatchPage");

@ObjectType("UserNotification", { description: "A site message (站内消息)." })
export class UserNotificationType {
  @Field(() => ID) id: number;
  @Field(() => String) kind: string;
  @Field(() => String) title: string;
  @Field(() => String) body: string;
  @Field(() => String, { nullable: true, description: "A page of the site the message is about." }) link: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) readAt: Date | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

@ObjectType("UserNotificationPage")
export class UserNotificationPageType {
  @Field(() => [UserNotificationType]) items: UserNotificationType[];
  @Field(() => Int) total: number;
  @Field(() => Int) unread: number;
  @Field(() => Int) page: number;
  @Field(() => Int) pageSize: number;
}
