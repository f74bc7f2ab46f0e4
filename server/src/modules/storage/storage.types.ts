import { Field, Float, Int, ObjectType } from "type-graphql";

@ObjectType("StorageUsage", { description: "Stored objects of one kind (e.g. private/signed, uploads/icons)." })
export class StorageUsageType {
  @Field(() => String, { description: "uploads/<kind> or private/<kind>." }) kind!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float, { description: "Bytes." }) bytes!: number;
}

@ObjectType("StorageOverview", {
  description: "/admin/storage: the active backend, its settings (no secret) and usage.",
})
export class StorageOverviewType {
  @Field(() => String, { description: "local or s3 (STORAGE_BACKEND)." }) backend!: string;
  @Field(() => String, { description: "proxy or redirect (S3_DOWNLOADS)." }) downloads!: string;
  @Field(() => String, { nullable: true, description: "Local backend: the storage directory." }) directory!:
    string | null;
  @Field(() => String, { nullable: true }) endpoint!: string | null;
  @Field(() => String, { nullable: true }) region!: string | null;
  @Field(() => String, { nullable: true }) bucket!: string | null;
  @Field(() => String, { nullable: true }) accessKeyId!: string | null;
  @Field(() => Boolean, { description: "Whether a secret key is set (it is never shown)." }) secretSet!: boolean;
  @Field(() => Boolean) forcePathStyle!: boolean;
  @Field(() => String, { nullable: true }) publicUrl!: string | null;
  @Field(() => [StorageUsageType]) usage!: StorageUsageType[];
}

@ObjectType("StorageTestResult", { description: "测试连接: a probe object put, read back and deleted." })
export class StorageTestResultType {
  @Field(() => Boolean) ok!: boolean;
  @Field(() => String, { nullable: true, description: "dns, refused, timeout, forbidden, bucket, clock, other." })
  fault!: string | null;
  @Field(() => String) message!: string;
  @Field(() => Int) ms!: number;
}
