import { DateTimeISOResolver, JSONObjectResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("SigningOptions", { description: "What the submission asked to change." })
export class SigningOptionsType {
  @Field(() => String, { nullable: true }) bundleId?: string;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) version?: string;
  @Field(() => [ID], { nullable: true }) dylibIds?: number[];
  @Field(() => Boolean, { nullable: true }) removeUISupportedDevices?: boolean;
  @Field(() => Boolean, { nullable: true }) removePlugins?: boolean;
  @Field(() => Boolean, { nullable: true }) removeWatch?: boolean;
}

@ObjectType("SigningTask", { description: "One signing of one IPA with one certificate (签名任务)." })
export class SigningTaskType {
  @Field(() => ID) id: number;
  @Field(() => ID) userId: number;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => ID, { nullable: true }) certificateId: number | null;
  @Field(() => String) certificateName: string;
  @Field(() => String, { description: "upload or app" }) source: string;
  @Field(() => ID, { nullable: true }) uploadId: number | null;
  @Field(() => ID, { nullable: true }) appId: number | null;
  @Field(() => SigningOptionsType) options: SigningOptionsType;
  @Field(() => String, { description: "queued, running, done, failed or cancelled" }) status: string;
  @Field(() => String, { description: "queued, preparing, signing, verifying, storing, done (or failed, cancelled)" })
  stage: string;
  @Field(() => Int, { description: "0–100" }) progress: number;
  @Field(() => String, { nullable: true }) errorCode: string | null;
  @Field(() => String, { nullable: true, description: "Why it failed (Chinese)." }) errorMessage: string | null;
  @Field(() => String) appName: string;
  @Field(() => String, { description: "The signed app's bundle id." }) bundleId: string;
  @Field(() => String) version: string;
  @Field(() => String) iconUrl: string;
  @Field(() => Float, { nullable: true, description: "Bytes of the signed IPA while it is kept." }) artifactSize:
    number | null;
  @Field(() => Int, { description: "Fen taken for it." }) chargeFen: number;
  @Field(() => Boolean) refunded: boolean;
  @Field(() => Int) downloadsUsed: number;
  @Field(() => Int) downloadsLimit: number;
  @Field(() => DateTimeISOResolver, { nullable: true, description: "When the signed IPA is removed." })
  expiresAt: Date | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) startedAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt: Date | null;
  @Field(() => DateTimeISOResolver, {
    nullable: true,
    description: "When the app was last re-signed automatically after its certificate was revoked (掉签).",
  })
  resignedAt: Date | null;
  @Field(() => Int) resignCount: number;
  @Field(() => String, {
    nullable: true,
    description:
      "掉签: repairing (being re-signed), repaired, revoked (no replacement: 换证书重签), failed; null when never revoked.",
  })
  resignState: string | null;
}

@ObjectType("AdminSigningTask", { description: "A signing task with the signer's report (admin)." })
export class AdminSigningTaskType extends SigningTaskType {
  @Field(() => JSONObjectResolver, {
    nullable: true,
    description: "The signer's report: certificate, profile, bundle, sizes, timings.",
  })
  report: Record<string, unknown> | null;
}

export const SigningTaskPageType = PageOf(SigningTaskType, "SigningTaskPage");
export const AdminSigningTaskPageType = PageOf(AdminSigningTaskType, "AdminSigningTaskPage");

@ObjectType("SigningUpload", { description: "An IPA the user uploaded to sign, as read on arrival." })
export class SigningUploadType {
  @Field(() => ID) id: number;
  @Field(() => String) filename: string;
  @Field(() => Float) size: number;
  @Field(() => String) name: string;
  @Field(() => String) bundleId: string;
  @Field(() => String) version: string;
  @Field(() => String) build: string;
  @Field(() => String, { nullable: true }) minOsVersion: string | null;
  @Field(() => String) iconUrl: string;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) expiresAt: Date;
}

@ObjectType("SignableCertificate", { description: "A certificate the caller may sign with." })
export class SignableCertificateType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "user (mine, uploaded or bought), temp (临时证书) or demo (演示证书)" })
  kind: string;
  @Field(() => String) teamName: string;
  @Field(() => String, { description: "The profile's App ID pattern, e.g. TEAMID.*" }) appId: string;
  @Field(() => String) certType: string;
  @Field(() => String) status: string;
  @Field(() => DateTimeISOResolver) expiresAt: Date;
  @Field(() => Boolean) usable: boolean;
  @Field(() => Int, { description: "What a signing with it costs now, fen." }) feeFen: number;
}

@ObjectType("SigningSettings")
export class SigningSettingsType {
  @Field(() => String, {
    description: "free, fee (every signing) or certificate (free with the user's own certificates)",
  })
  chargeMode: string;
  @Field(() => Int) feeFen: number;
  @Field(() => Int, { description: "How long a signed IPA is kept." }) artifactHours: number;
  @Field(() => Int) downloadsPerTask: number;
  @Field(() => Int, { description: "Signings per user per day (0: no limit)." }) dailyLimit: number;
  @Field(() => Int) maxUploadMb: number;
}

@InputType("SigningSettingsInput")
export class SigningSettingsInputType {
  @Field(() => String, { nullable: true }) chargeMode?: string;
  @Field(() => Float, { nullable: true, description: "Yuan." }) fee?: number;
  @Field(() => Int, { nullable: true }) artifactHours?: number;
  @Field(() => Int, { nullable: true }) downloadsPerTask?: number;
  @Field(() => Int, { nullable: true }) dailyLimit?: number;
  @Field(() => Int, { nullable: true }) maxUploadMb?: number;
}

@InputType("CreateSigningTaskInput")
export class CreateSigningTaskInputType {
  @Field(() => ID) certificateId: string;
  @Field(() => ID, {
    nullable: true,
    description: "An upload of the caller's (uploadSigningIpa / POST /api/signing/upload-ipa).",
  })
  ipaId?: string;
  @Field(() => ID, { nullable: true, description: "A catalogue app the caller may use (free or bought)." })
  appId?: string;
  @Field(() => String, { nullable: true }) bundleId?: string;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) version?: string;
  @Field(() => [ID], { nullable: true }) dylibIds?: string[];
  @Field(() => Boolean, { nullable: true }) removeUISupportedDevices?: boolean;
  @Field(() => Boolean, { nullable: true }) removePlugins?: boolean;
  @Field(() => Boolean, { nullable: true }) removeWatch?: boolean;
}

@ObjectType("SigningInstall", { description: "What the install page needs." })
export class SigningInstallType {
  @Field(() => ID) taskId: number;
  @Field(() => String) appName: string;
  @Field(() => String) bundleId: string;
  @Field(() => String) version: string;
  @Field(() => String) iconUrl: string;
  @Field(() => String) certificateName: string;
  @Field(() => Float) size: number;
  @Field(() => String, { description: "itms-services://?action=download-manifest&url=…" }) itmsUrl: string;
  @Field(() => String) manifestUrl: string;
  @Field(() => String) downloadUrl: string;
  @Field(() => String, { description: "This page for another phone (QR code)." }) installPageUrl: string;
  @Field(() => Boolean, { description: "False: iOS refuses OTA installs from this site (not HTTPS)." }) https: boolean;
  @Field(() => DateTimeISOResolver) expiresAt: Date;
  @Field(() => Int) downloadsLeft: number;
  @Field(() => DateTimeISOResolver, {
    nullable: true,
    description: "Re-signed after 掉签: reinstall over the old app (same bundle id, data kept).",
  })
  resignedAt: Date | null;
}

@ObjectType("SigningDayCount")
export class SigningDayCountType {
  @Field(() => String) day: string;
  @Field(() => Int) count: number;
}

@ObjectType("SigningStats")
export class SigningStatsType {
  @Field(() => Int) queued: number;
  @Field(() => Int) running: number;
  @Field(() => Int) done: number;
  @Field(() => Int) failed: number;
  @Field(() => Int) cancelled: number;
  @Field(() => [SigningDayCountType], { description: "The last 14 business days, oldest first." })
  perDay: SigningDayCountType[];
}

@ObjectType("SigningCleanup")
export class SigningCleanupType {
  @Field(() => Int) artifacts: number;
  @Field(() => Int) uploads: number;
  @Field(() => Int) requeued: number;
  @Field(() => Int) refunded: number;
}

@InputType("SigningTaskFilterInput")
export class SigningTaskFilterInputType {
  @Field(() => String, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true, description: "User id or part of the username." }) user?: string;
  @Field(() => ID, { nullable: true }) certificateId?: string;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD (business day)" }) from?: string;
  @Field(() => String, { nullable: true }) to?: string;
}

@ObjectType("SignableApp", { description: "A catalogue app the caller may sign (free, or bought)." })
class SignableAppType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String) bundleId: string;
  @Field(() => String) version: string;
  @Field(() => String) iconUrl: string;
  @Field(() => Boolean, { description: "A paid app the caller bought." }) bought: boolean;
  @Field(() => Float, { description: "Bytes of its IPA." }) size: number;
}

export const SignableAppPageType = PageOf(SignableAppType, "SignableAppPage");

@ObjectType("SignableDylib", { description: "A dylib plugin the caller may inject (free, or bought)." })
export class SignableDylibType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String) version: string;
  @Field(() => String) iconUrl: string;
}
