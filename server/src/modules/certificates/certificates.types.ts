import { DateTimeISOResolver, JSONObjectResolver } from "graphql-scalars";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("Certificate", {
  description: "A signing certificate (p12 + password, sealed) with its provisioning profile, as parsed at upload.",
})
export class CertificateType {
  @Field(() => ID) id: number;
  @Field(() => String, { description: "user, temp or platform" }) scope: string;
  @Field(() => ID, { nullable: true, description: "The owner (admin views)." }) userId: number | null;
  @Field(() => String, { nullable: true, description: "The owner's username (admin views)." }) username: string | null;
  @Field(() => String) name: string;
  @Field(() => String) commonName: string;
  @Field(() => String) teamId: string;
  @Field(() => String) teamName: string;
  @Field(() => String, { description: "development, distribution or enterprise" }) certType: string;
  @Field(() => String, { description: "Lowercase hex." }) serialNumber: string;
  @Field(() => String, { description: "SHA-1 of the certificate, uppercase hex." }) sha1: string;
  @Field(() => DateTimeISOResolver) notBefore: Date;
  @Field(() => DateTimeISOResolver) notAfter: Date;
  @Field(() => String) profileName: string;
  @Field(() => String) profileUuid: string;
  @Field(() => String, { description: "The profile's application identifier, e.g. TEAMID.com.example.*" })
  appId: string;
  @Field(() => String, { description: "development, adhoc, enterprise or appstore" }) profileType: string;
  @Field(() => JSONObjectResolver) entitlements: Record<string, unknown>;
  @Field(() => [String], { description: "The profile's device UDIDs (empty when it provisions all devices)." })
  devices: string[];
  @Field(() => Int) deviceCount: number;
  @Field(() => Boolean, { description: "The profile provisions all devices (enterprise)." }) allDevices: boolean;
  @Field(() => DateTimeISOResolver) profileCreatedAt: Date;
  @Field(() => DateTimeISOResolver) profileExpiresAt: Date;
  @Field(() => DateTimeISOResolver, { description: "The earlier of the certificate's and the profile's expiry." })
  expiresAt: Date;
  @Field(() => String, { description: "unchecked, valid, revoked, expired or error" }) status: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) checkedAt: Date | null;
  @Field(() => String, { nullable: true }) statusReason: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true, description: "Temporary certificates: when it is removed." })
  tempExpiresAt: Date | null;
  @Field(() => ID, {
    nullable: true,
    description: "Temporary certificates imported from one of the owner's: that one.",
  })
  sourceCertificateId: number | null;
  @Field(() => Boolean, {
    description:
      "The demo certificate (演示证书) of the default run: a generated PKI, offered to every user outside production only.",
  })
  demo: boolean;
  @Field(() => Boolean, {
    description: "掉签后自动使用: the owner's backup certificate that re-signs their apps after another is revoked.",
  })
  autoResign: boolean;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

export const CertificatePageType = PageOf(CertificateType, "CertificatePage");

@ObjectType("P8Key", { description: "An App Store Connect API key; the private key is never answered." })
export class P8KeyType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String) issuerId: string;
  @Field(() => String) keyId: string;
  @Field(() => DateTimeISOResolver) createdAt: Date;
}

@InputType("P8KeyInput")
export class P8KeyInputType {
  @Field(() => String) name: string;
  @Field(() => String, { description: "The issuer id (a UUID) of the App Store Connect account." }) issuerId: string;
  @Field(() => String, { description: "The key id (10 capitals or digits)." }) keyId: string;
  @Field(() => String, { description: "The text of the .p8 file (PKCS#8 PEM, EC P-256)." }) privateKey: string;
}

@ObjectType("CertificateImportableOrder", {
  description: "A certificate order that can be imported as a temporary certificate.",
})
export class CertificateImportableOrderType {
  @Field(() => ID) id: number;
  @Field(() => String) orderNo: string;
  @Field(() => ID, { description: "The certificate the order delivered (import it with importTempCertificate)." })
  certificateId: number;
  @Field(() => String) name: string;
}
