import { DateTimeISOResolver } from "graphql-scalars";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";

@ObjectType("Device", { description: "A device captured by the UDID profile service." })
export class DeviceType {
  @Field(() => ID) id: number;
  @Field(() => String, { description: "25 characters with a dash (newer devices) or 40 hex digits (older ones)." })
  udid: string;
  @Field(() => String, { description: "Apple's model identifier, e.g. iPhone15,2." }) product: string;
  @Field(() => String, {
    nullable: true,
    description: "Marketing name from the device models table; null when unknown.",
  })
  modelName: string | null;
  @Field(() => String, { description: "iOS build." }) version: string;
  @Field(() => String) serial: string;
  @Field(() => String, { nullable: true }) imei: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) boundAt: Date | null;
  @Field(() => DateTimeISOResolver) capturedAt: Date;
}

@ObjectType("DeviceCertificate", { description: "A certificate whose provisioning profile lists the device." })
export class DeviceCertificateType {
  @Field(() => ID) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "user, temp or platform" }) scope: string;
  @Field(() => String, { description: "unchecked, valid, revoked, expired or error" }) status: string;
  @Field(() => DateTimeISOResolver) expiresAt: Date;
}

@ObjectType("AdminDevice", {
  description: "A device with its owner and the certificates whose profiles list it, for the back office.",
})
export class AdminDeviceType extends DeviceType {
  @Field(() => ID, { nullable: true }) userId: number | null;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) unboundAt: Date | null;
  @Field(() => DateTimeISOResolver) createdAt: Date;
  @Field(() => [DeviceCertificateType], {
    description:
      "Certificates whose profile's ProvisionedDevices lists this UDID (all-devices profiles are not counted).",
  })
  certificates: DeviceCertificateType[];
}

export const AdminDevicePageType = PageOf(AdminDeviceType, "AdminDevicePage");

@ObjectType("UdidCapture", { description: "The result of a capture session." })
export class UdidCaptureType {
  @Field(() => Boolean, { description: "False while the device has not posted yet." }) relayed: boolean;
  @Field(() => Boolean, { description: "Whether the device now belongs to the caller." }) attached: boolean;
  @Field(() => DeviceType, { nullable: true }) device: DeviceType | null;
}

@ObjectType("DeviceModel", { description: "PRODUCT identifier → marketing name." })
export class DeviceModelType {
  @Field(() => ID) id: number;
  @Field(() => String) product: string;
  @Field(() => String) name: string;
  @Field(() => DateTimeISOResolver) updatedAt: Date;
}

@InputType("DeviceModelInput")
export class DeviceModelInputType {
  @Field(() => String, { description: "e.g. iPhone15,2" }) product: string;
  @Field(() => String, { description: "e.g. iPhone 14 Pro" }) name: string;
}

@ObjectType("UdidSigningIdentity", {
  description: "The certificate UDID profiles are signed with (none: served unsigned).",
})
export class UdidSigningIdentityType {
  @Field(() => Boolean) configured: boolean;
  @Field(() => String, { nullable: true }) commonName: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) notAfter: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) updatedAt: Date | null;
}
