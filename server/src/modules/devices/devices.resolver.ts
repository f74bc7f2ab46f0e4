import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { DomainError } from "../../common/errors";
import { Access } from "../../graphql/access";
import { requireAuth, type GqlContext } from "../../graphql/context";
import {
  AdminDevicePageType,
  AdminDeviceType,
  DeviceModelInputType,
  DeviceModelType,
  DeviceType,
  UdidCaptureType,
  UdidSigningIdentityType,
} from "./devices.types";

@Resolver()
export class DevicesResolver {
  @Access("user")
  @Query(() => [DeviceType], { description: "The caller's bound devices, newest binding first." })
  async myDevices(@Ctx() ctx: GqlContext): Promise<DeviceType[]> {
    return ctx.services.devices.myDevices(requireAuth(ctx).user.id);
  }

  @Access("user")
  @Mutation(() => ID, { description: "Unbinds one of the caller's devices (another user's id: not found)." })
  async unbindDevice(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<string> {
    await ctx.services.devices.unbind(requireAuth(ctx).user.id, id);
    return id;
  }

  @Access("guest")
  @Mutation(() => UdidCaptureType, {
    description: "Claims a capture session's result: attaches the device to a logged-in caller; a guest only reads it.",
  })
  async consumeUdidSession(@Arg("id", () => String) id: string, @Ctx() ctx: GqlContext): Promise<UdidCaptureType> {
    return ctx.services.devices.consume(id, ctx.auth?.user.id ?? null);
  }

  @Access("admin")
  @Query(() => AdminDevicePageType, {
    description: "Every device with its owner and model; search matches UDID, owner, PRODUCT, model or serial.",
  })
  async adminDevices(
    @Arg("search", () => String, { nullable: true }) search: string | undefined,
    @Arg("page", () => Int, { nullable: true }) page: number | undefined,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize: number | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.devices.adminDevices({ search, page, pageSize });
  }

  @Access("admin")
  @Mutation(() => AdminDeviceType, { description: "Unbinds any device from its owner." })
  async adminUnbindDevice(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<AdminDeviceType> {
    const d = await ctx.services.devices.adminUnbind(id);
    const certs = await ctx.services.devices.certificatesOf([d.udid]);
    return { ...d, certificates: certs.get(d.udid.toUpperCase()) ?? [] };
  }

  @Access("admin")
  @Query(() => [DeviceModelType], { description: "The PRODUCT → marketing name table." })
  async deviceModels(
    @Arg("search", () => String, { nullable: true }) search: string | undefined,
    @Ctx() ctx: GqlContext,
  ): Promise<DeviceModelType[]> {
    return ctx.services.devices.models({ search });
  }

  @Access("admin")
  @Mutation(() => DeviceModelType)
  async createDeviceModel(
    @Arg("input", () => DeviceModelInputType) input: DeviceModelInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<DeviceModelType> {
    return ctx.services.devices.createModel(input);
  }

  @Access("admin")
  @Mutation(() => DeviceModelType)
  async updateDeviceModel(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => DeviceModelInputType) input: DeviceModelInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<DeviceModelType> {
    return ctx.services.devices.updateModel(id, input);
  }

  @Access("admin")
  @Mutation(() => ID)
  async deleteDeviceModel(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext): Promise<string> {
    await ctx.services.devices.deleteModel(id);
    return id;
  }

  @Access("admin")
  @Query(() => UdidSigningIdentityType, { description: "The certificate UDID profiles are signed with." })
  async udidSigningIdentity(@Ctx() ctx: GqlContext): Promise<UdidSigningIdentityType> {
    return ctx.services.devices.signingIdentity();
  }

  @Access("admin")
  @Mutation(() => UdidSigningIdentityType, {
    description: "Sets the profile-signing identity: a p12 (base64) with its private key, and its password.",
  })
  async setUdidSigningIdentity(
    @Arg("p12Base64", () => String) p12Base64: string,
    @Arg("password", () => String) password: string,
    @Ctx() ctx: GqlContext,
  ): Promise<UdidSigningIdentityType> {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(p12Base64) || p12Base64.length > 64 * 1024)
      throw new DomainError("UDID_SIGNING_P12_INVALID");
    return ctx.services.devices.setSigningIdentity(Buffer.from(p12Base64, "base64"), password);
  }

  @Access("admin")
  @Mutation(() => UdidSigningIdentityType, {
    description: "Removes the profile-signing identity (profiles are then unsigned).",
  })
  async clearUdidSigningIdentity(@Ctx() ctx: GqlContext): Promise<UdidSigningIdentityType> {
    return ctx.services.devices.clearSigningIdentity();
  }
}
