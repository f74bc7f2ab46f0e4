import { DateTimeISOResolver } from "graphql-scalars";
import { Field, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("ResignIncident", {
  description: "A revocation incident (掉签): one revoked certificate and its live signed apps.",
})
export class ResignIncidentType {
  @Field(() => ID) id: number;
  @Field(() => ID, { nullable: true }) certificateId: number | null;
  @Field(() => String) certificateName: string;
  @Field(() => DateTimeISOResolver, { description: "When a check found the certificate revoked." }) foundAt: Date;
  @Field(() => String, {
    description: "check (a user's or admin's check), batch (a detection batch), watch (the schedule)",
  })
  foundBy: string;
  @Field(() => String, { description: "repairing, completed, failed (some tasks could not be repaired)" })
  status: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt: Date | null;
  @Field(() => Int) tasksTotal: number;
  @Field(() => Int) tasksRepaired: number;
  @Field(() => Int, { description: "Failed or without a replacement certificate." }) tasksFailed: number;
  @Field(() => Int) tasksOpen: number;
  @Field(() => Int) usersAffected: number;
}

@ObjectType("ResignIncidentItem", { description: "One affected signing task of an incident." })
export class ResignIncidentItemType {
  @Field(() => ID) id: number;
  @Field(() => ID) taskId: number;
  @Field(() => ID) userId: number;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => String) appName: string;
  @Field(() => String, {
    description: "pending, waiting (warranty re-issue), running, repaired, failed, none (no replacement)",
  })
  status: string;
  @Field(() => ID, { nullable: true }) replacementId: number | null;
  @Field(() => String, { nullable: true }) replacementName: string | null;
  @Field(() => String, { nullable: true, description: "warranty, backup, platform or user" }) replacementSource:
    string | null;
  @Field(() => String, { nullable: true }) errorCode: string | null;
  @Field(() => String, { nullable: true }) errorMessage: string | null;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

export const ResignIncidentPageType = PageOf(ResignIncidentType, "ResignIncidentPage");
