import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { Access } from "../../graphql/access";
import type { GqlContext } from "../../graphql/context";
import {
  ContactInputType,
  ContactType,
  FeeSettingsInputType,
  FeeSettingsType,
  FooterInputType,
  FooterType,
  LegalDocumentsInputType,
  LegalDocumentsType,
  SiteInfoInputType,
  SiteInfoType,
} from "./settings.types";

/** GraphQL null means "leave unchanged", like a field left out. */
const given = (input: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

@Resolver()
export class SettingsResolver {
  @Access("guest")
  @Query(() => SiteInfoType)
  siteInfo(@Ctx() ctx: GqlContext): Promise<SiteInfoType> {
    return ctx.services.settings.getSite();
  }

  @Access("guest")
  @Query(() => FooterType)
  footer(@Ctx() ctx: GqlContext): Promise<FooterType> {
    return ctx.services.settings.getFooter();
  }

  @Access("guest")
  @Query(() => ContactType)
  contact(@Ctx() ctx: GqlContext): Promise<ContactType> {
    return ctx.services.settings.getContact();
  }

  @Access("guest")
  @Query(() => LegalDocumentsType, { description: "The user agreement and privacy policy." })
  legalDocuments(@Ctx() ctx: GqlContext): Promise<LegalDocumentsType> {
    return ctx.services.settings.getLegal();
  }

  @Access("admin")
  @Mutation(() => LegalDocumentsType)
  updateLegalDocuments(
    @Arg("input", () => LegalDocumentsInputType) input: LegalDocumentsInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<LegalDocumentsType> {
    return ctx.services.settings.updateLegal(given(input));
  }

  @Access("guest")
  @Query(() => FeeSettingsType)
  feeSettings(@Ctx() ctx: GqlContext): Promise<FeeSettingsType> {
    return ctx.services.settings.getFees();
  }

  @Access("admin")
  @Mutation(() => SiteInfoType)
  updateSiteInfo(
    @Arg("input", () => SiteInfoInputType) input: SiteInfoInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<SiteInfoType> {
    return ctx.services.settings.updateSite(given(input));
  }

  @Access("admin")
  @Mutation(() => FooterType)
  updateFooter(
    @Arg("input", () => FooterInputType) input: FooterInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<FooterType> {
    return ctx.services.settings.updateFooter(given(input));
  }

  @Access("admin")
  @Mutation(() => ContactType)
  updateContact(
    @Arg("input", () => ContactInputType) input: ContactInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<ContactType> {
    return ctx.services.settings.updateContact(given(input));
  }

  @Access("admin")
  @Mutation(() => FeeSettingsType)
  updateFeeSettings(
    @Arg("input", () => FeeSettingsInputType) input: FeeSettingsInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<FeeSettingsType> {
    return ctx.services.settings.updateFees(given(input));
  }
}
