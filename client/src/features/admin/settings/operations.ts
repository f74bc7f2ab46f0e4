import { graphql } from "../../../gql";

graphql(`
  fragment AdminSiteInfoFields on SiteInfo {
    siteName
    siteLogo
    seoSubtitle
    seoKeywords
    seoDescription
  }
`);

export const AdminSiteInfoQuery = graphql(`
  query AdminSiteInfo {
    siteInfo {
      ...AdminSiteInfoFields
    }
  }
`);

export const UpdateSiteInfoMutation = graphql(`
  mutation UpdateSiteInfo($input: SiteInfoInput!) {
    updateSiteInfo(input: $input) {
      ...AdminSiteInfoFields
    }
  }
`);

graphql(`
  fragment AdminFooterFields on Footer {
    icpNumber
    copyrightInfo
  }
`);

export const AdminFooterQuery = graphql(`
  query AdminFooter {
    footer {
      ...AdminFooterFields
    }
  }
`);

export const UpdateFooterMutation = graphql(`
  mutation UpdateFooter($input: FooterInput!) {
    updateFooter(input: $input) {
      ...AdminFooterFields
    }
  }
`);

graphql(`
  fragment AdminContactFields on Contact {
    wechat
    qq
    email
  }
`);

export const AdminContactQuery = graphql(`
  query AdminContact {
    contact {
      ...AdminContactFields
    }
  }
`);

export const UpdateContactMutation = graphql(`
  mutation UpdateContact($input: ContactInput!) {
    updateContact(input: $input) {
      ...AdminContactFields
    }
  }
`);

graphql(`
  fragment AdminFeeSettingsFields on FeeSettings {
    resourceFee
    flowFee
    flowFeeThresholdMB
    flowFeeBase
    flowFeeRatePerGB
    flowFeeRounding
    flowFeeMinMB
    flowFeeMinAmount
  }
`);

export const AdminFeeSettingsQuery = graphql(`
  query AdminFeeSettings {
    feeSettings {
      ...AdminFeeSettingsFields
    }
  }
`);

export const UpdateFeeSettingsMutation = graphql(`
  mutation UpdateFeeSettings($input: FeeSettingsInput!) {
    updateFeeSettings(input: $input) {
      ...AdminFeeSettingsFields
    }
  }
`);

graphql(`
  fragment AdminLegalFields on LegalDocuments {
    userAgreement
    privacyPolicy
  }
`);

export const AdminLegalQuery = graphql(`
  query AdminLegal {
    legalDocuments {
      ...AdminLegalFields
    }
  }
`);

export const UpdateLegalMutation = graphql(`
  mutation UpdateLegal($input: LegalDocumentsInput!) {
    updateLegalDocuments(input: $input) {
      ...AdminLegalFields
    }
  }
`);

/** The traffic fee of a download of `sizeMB`, computed by the server's one formula over the (unsaved) form values. */
export const TrafficFeeExampleQuery = graphql(`
  query TrafficFeeExample($sizeMB: Float!, $fees: FeeSettingsInput) {
    trafficFeeExample(sizeMB: $sizeMB, fees: $fees) {
      sizeMB
      fee
      rule
    }
  }
`);

graphql(`
  fragment AdminSigningSettingsFields on SigningSettings {
    chargeMode
    feeFen
    artifactHours
    downloadsPerTask
    dailyLimit
    maxUploadMb
  }
`);

export const AdminSigningSettingsQuery = graphql(`
  query AdminSigningSettings {
    signingSettings {
      ...AdminSigningSettingsFields
    }
  }
`);

export const UpdateSigningSettingsMutation = graphql(`
  mutation UpdateSigningSettings($input: SigningSettingsInput!) {
    updateSigningSettings(input: $input) {
      ...AdminSigningSettingsFields
    }
  }
`);
