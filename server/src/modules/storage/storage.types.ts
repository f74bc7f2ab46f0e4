import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISOResolver } from "graphql-scalars";

@ObjectType("StorageUsage", { description: "Stored objects of one kind (e.g. private/signed, uploads/icons)." })
export class StorageUsageType {
  @Field(() => String, { description: "uploads/<kind> or private/<kind>." }) kind!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float, { description: "Bytes." }) bytes!: number;
}

@ObjectType("StorageEnvSetting", { description: "A setting the environment fixes, and its variable." })
export class StorageEnvSettingType {
  @Field(() => String, { description: "The setting (as in fromEnv), e.g. region." }) field!: string;
  @Field(() => String, { description: "Its environment variable, e.g. S3_REGION." }) variable!: string;
}

@ObjectType("StorageMigration", {
  description: "迁移 local → S3: a job of the worker, resumable, verified object by object.",
})
export class StorageMigrationType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "running, done, failed." }) status!: string;
  @Field(() => Int, { description: "Objects on the local disk when it started." }) totalCount!: number;
  @Field(() => Float) totalBytes!: number;
  @Field(() => Int, { description: "Verified in S3 (size and SHA-256) and removed from the disk." })
  movedCount!: number;
  @Field(() => Float) movedBytes!: number;
  @Field(() => Int, { description: "Whose S3 copy did not match (kept on the disk; the next run tries again)." })
  failedCount!: number;
  @Field(() => Int, { description: "Runs so far (a run killed with its worker is continued by another)." })
  runs!: number;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => DateTimeISOResolver) startedAt!: Date;
  @Field(() => DateTimeISOResolver) updatedAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt!: Date | null;
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
  @Field(() => [String], {
    description:
      "Settings the environment fixes (backend, downloads, endpoint, region, bucket, accessKeyId, secretAccessKey, forcePathStyle, publicUrl): they win over the page's.",
  })
  fromEnv!: string[];
  @Field(() => [StorageEnvSettingType], {
    description: "The same settings with the environment variable that fixes each (the page names it).",
  })
  envSettings!: StorageEnvSettingType[];
  @Field(() => [StorageUsageType]) usage!: StorageUsageType[];
  @Field(() => Int, {
    description: "S3 backend: objects still on the local disk (STORAGE_DIR), waiting to be migrated.",
  })
  localCount!: number;
  @Field(() => Float, { description: "Their bytes." }) localBytes!: number;
  @Field(() => StorageMigrationType, { nullable: true, description: "The latest 迁移 local → S3." })
  migration!: StorageMigrationType | null;
}

@ObjectType("StorageTestResult", { description: "测试连接: a probe object put, read back and deleted." })
export class StorageTestResultType {
  @Field(() => Boolean) ok!: boolean;
  @Field(() => String, { nullable: true, description: "dns, refused, timeout, forbidden, bucket, clock, other." })
  fault!: string | null;
  @Field(() => String) message!: string;
  @Field(() => Int) ms!: number;
}

@InputType("StorageSettingsInput", { description: "保存设置 on /admin/storage; a blank secret keeps the saved one." })
export class StorageSettingsInput {
  @Field(() => String, { description: "local or s3." }) backend!: string;
  @Field(() => String, { description: "proxy or redirect." }) downloads!: string;
  @Field(() => String, { nullable: true }) endpoint?: string | null;
  @Field(() => String, { nullable: true }) region?: string | null;
  @Field(() => String, { nullable: true }) bucket?: string | null;
  @Field(() => String, { nullable: true }) accessKeyId?: string | null;
  @Field(() => String, { nullable: true, description: "Write only: never answered back." }) secretAccessKey?:
    string | null;
  @Field(() => Boolean, { nullable: true }) forcePathStyle?: boolean | null;
  @Field(() => String, { nullable: true }) publicUrl?: string | null;
}
