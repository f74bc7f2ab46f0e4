import { Field, Float, InputType, ObjectType } from "type-graphql";

@ObjectType("SiteInfo")
export class SiteInfoType {
  @Field(() => String) siteName: string;
  @Field(() => String, { description: 'Logo path as stored, or "" for none.' }) siteLogo: string;
  @Field(() => String) seoSubtitle: string;
  @Field(() => String) seoKeywords: string;
  @Field(() => String) seoDescription: string;
}

@ObjectType("Footer")
export class FooterType {
  @Field(() => String) icpNumber: string;
  @Field(() => String) copyrightInfo: string;
}

@ObjectType("LegalDocuments", {
  description: "The texts the register form links to (/agreement and /privacy): plain text, a paragraph per line.",
})
export class LegalDocumentsType {
  @Field(() => String) userAgreement: string;
  @Field(() => String) privacyPolicy: string;
}

@InputType("LegalDocumentsInput", {
  description: "Fields left out keep their value; a blank text brings back the built-in one.",
})
export class LegalDocumentsInputType {
  @Field(() => String, { nullable: true }) userAgreement?: string;
  @Field(() => String, { nullable: true }) privacyPolicy?: string;
}

@ObjectType("Contact")
export class ContactType {
  @Field(() => String) wechat: string;
  @Field(() => String) qq: string;
  @Field(() => String) email: string;
}

@ObjectType("FeeSettings", { description: "Money in yuan, sizes in MB." })
export class FeeSettingsType {
  @Field(() => Float) resourceFee: number;
  @Field(() => Float) flowFee: number;
  @Field(() => Float) flowFeeThresholdMB: number;
  @Field(() => Float) flowFeeBase: number;
  @Field(() => Float) flowFeeRatePerGB: number;
  @Field(() => String, { description: '"round", "ceil" or "floor"' }) flowFeeRounding: string;
  @Field(() => Float) flowFeeMinMB: number;
  @Field(() => Float) flowFeeMinAmount: number;
}

@InputType("SiteInfoInput", {
  description: "Fields left out keep their value. The logo file is uploaded at POST /api/settings/site/logo.",
})
export class SiteInfoInputType {
  @Field(() => String, { nullable: true }) siteName?: string;
  @Field(() => String, { nullable: true }) siteLogo?: string;
  @Field(() => String, { nullable: true }) seoSubtitle?: string;
  @Field(() => String, { nullable: true }) seoKeywords?: string;
  @Field(() => String, { nullable: true }) seoDescription?: string;
}

@InputType("FooterInput")
export class FooterInputType {
  @Field(() => String, { nullable: true }) icpNumber?: string;
  @Field(() => String, { nullable: true }) copyrightInfo?: string;
}

@InputType("ContactInput")
export class ContactInputType {
  @Field(() => String, { nullable: true }) wechat?: string;
  @Field(() => String, { nullable: true }) qq?: string;
  @Field(() => String, { nullable: true }) email?: string;
}

@InputType("FeeSettingsInput", {
  description: "Yuan and MB; all non-negative, at most 2 decimals. Fields left out keep their value.",
})
export class FeeSettingsInputType {
  @Field(() => Float, { nullable: true }) resourceFee?: number;
  @Field(() => Float, { nullable: true }) flowFee?: number;
  @Field(() => Float, { nullable: true }) flowFeeThresholdMB?: number;
  @Field(() => Float, { nullable: true }) flowFeeBase?: number;
  @Field(() => Float, { nullable: true }) flowFeeRatePerGB?: number;
  @Field(() => String, { nullable: true }) flowFeeRounding?: string;
  @Field(() => Float, { nullable: true }) flowFeeMinMB?: number;
  @Field(() => Float, { nullable: true }) flowFeeMinAmount?: number;
}
