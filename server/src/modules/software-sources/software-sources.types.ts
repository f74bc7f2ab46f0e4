import { DateTimeISOResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("SoftwareSourceNews")
export class SoftwareSourceNewsType {
  @Field(() => String) title: string;
  @Field(() => String) caption: string;
  @Field(() => String, { nullable: true, description: "ISO date" }) date: string | null;
  @Field(() => String) url: string;
}

@ObjectType("SoftwareSource", { description: "A subscribed AltStore / ESign / Scarlet source and its last fetch." })
export class SoftwareSourceType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { nullable: true, description: "Null for a source uploaded as a document." }) url: string | null;
  @Field(() => String, { description: "The admin's icon, else the document's." }) iconUrl: string;
  @Field(() => String) customIconUrl: string;
  @Field(() => String) description: string;
  @Field(() => String) customDescription: string;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => Int) refreshMinutes: number;
  @Field(() => Boolean, {
    description:
      "允许内网地址 for this site-wide source (set by admins; the admin switch opens every site source too).",
  })
  allowPrivate: boolean;
  @Field(() => String, { nullable: true, description: "altstore, esign or scarlet (null before the first good fetch)" })
  format: string | null;
  @Field(() => String, { description: "The name the document gives itself." }) docName: string;
  @Field(() => String) identifier: string;
  @Field(() => String) sourceUrl: string;
  @Field(() => String) website: string;
  @Field(() => String, { description: "ESign: where locked apps are paid for." }) payUrl: string;
  @Field(() => String, { description: "ESign: where a code unlocks locked apps." }) unlockUrl: string;
  @Field(() => [SoftwareSourceNewsType]) news: SoftwareSourceNewsType[];
  @Field(() => Int) appCount: number;
  @Field(() => String, { description: "pending, ok or failed (the last good copy stays after a failure)" })
  status: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) lastFetchAt: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) lastSuccessAt: Date | null;
  @Field(() => String, { nullable: true }) lastErrorCode: string | null;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => [String], { description: "Fields of the last good copy that could not be read." }) warnings: string[];
  @Field(() => Boolean, { description: "A user's private source (visible to that user only)." }) isPrivate: boolean;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

export const SoftwareSourcePageType = PageOf(SoftwareSourceType, "SoftwareSourcePage");

@ObjectType("SoftwareSourceApp", { description: "An app listed by a source." })
export class SoftwareSourceAppType {
  @Field(() => ID) id: number;
  @Field(() => ID) sourceId: number;
  @Field(() => String) sourceName: string;
  @Field(() => String) name: string;
  @Field(() => String) bundleId: string;
  @Field(() => String) version: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) versionDate: Date | null;
  @Field(() => String) versionDescription: string;
  @Field(() => Float, {
    nullable: true,
    description: "Bytes (null when the source does not say or could not be read).",
  })
  size: number | null;
  @Field(() => String) description: string;
  @Field(() => String) iconUrl: string;
  @Field(() => String, { description: "The IPA link the source gives." }) downloadUrl: string;
  @Field(() => String) developer: string;
  @Field(() => Boolean, { description: "ESign lock: unlocked through the source's payUrl / unlockUrl." })
  locked: boolean;
  @Field(() => String) category: string;
  @Field(() => String) payUrl: string;
  @Field(() => String) unlockUrl: string;
}

export const SoftwareSourceAppPageType = PageOf(SoftwareSourceAppType, "SoftwareSourceAppPage");

@ObjectType("SoftwareSourceFetch", { description: "One fetch of a source and its outcome." })
export class SoftwareSourceFetchType {
  @Field(() => ID) id: number;
  @Field(() => DateTimeISOResolver) startedAt: Date;
  @Field(() => Int) durationMs: number;
  @Field(() => String, { description: "updated, unchanged or failed" }) outcome: string;
  @Field(() => Int, { nullable: true }) httpStatus: number | null;
  @Field(() => Int) bytes: number;
  @Field(() => Int, { nullable: true }) appCount: number | null;
  @Field(() => Int) warningCount: number;
  @Field(() => String, { nullable: true }) errorCode: string | null;
  @Field(() => String, { nullable: true }) errorMessage: string | null;
}

@InputType("SoftwareSourceInput")
export class SoftwareSourceInputType {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true, description: "http(s) URL of the document; or `content`." }) url?: string;
  @Field(() => String, { nullable: true, description: "The document's JSON text (uploaded instead of a URL)." })
  content?: string;
  @Field(() => String, { nullable: true }) iconUrl?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
  @Field(() => Int, { nullable: true }) sortOrder?: number;
  @Field(() => Int, { nullable: true, description: "5 to 10080 minutes." }) refreshMinutes?: number;
  @Field(() => Boolean, { nullable: true, description: "允许内网地址 for this source (default off)." })
  allowPrivate?: boolean;
}

@ObjectType("EsignUnlockedDevice")
export class EsignUnlockedDeviceType {
  @Field(() => String) udid: string;
  @Field(() => DateTimeISOResolver) unlockedAt: Date;
}

@ObjectType("EsignUnlock", { description: "The signed-in user's ESign unlock code and the devices unlocked with it." })
export class EsignUnlockType {
  @Field(() => String, { description: "What the user types into ESign's unlock box (unlockURL?udid=&code=)." })
  code: string;
  @Field(() => [EsignUnlockedDeviceType]) devices: EsignUnlockedDeviceType[];
}
