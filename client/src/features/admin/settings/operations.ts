import { graphql } from "../../../gql";

export const AdminSiteInfoQuery = graphql(`
  query AdminSiteInfo {
    siteInfo {
      siteName
      siteLogo
      seoSubtitle
      seoKeywords
      seoDescription
    }
  }
`);

export const UpdateSiteInfoMutation = graphql(`
  mutation UpdateSiteInfo($input: SiteInfoInput!) {
    updateSiteInfo(input: $input) {
      siteName
      siteLogo
      seoSubtitle
      seoKeywords
      seoDescription
    }
  }
`);

export const AdminFooterQuery = graphql(`
  query AdminFooter {
    footer {
      icpNumber
      copyrightInfo
    }
  }
`);

export const UpdateFooterMutation = graphql(`
  mutation UpdateFooter($input: FooterInput!) {
    updateFooter(input: $input) {
      icpNumber
      copyrightInfo
    }
  }
`);

export const AdminContactQuery = graphql(`
  query AdminContact {
    contact {
      wechat
      qq
      email
    }
  }
`);

export const UpdateContactMutation = graphql(`
  mutation UpdateContact($input: ContactInput!) {
    updateContact(input: $input) {
      wechat
      qq
      email
    }
  }
`);

export const AdminFeeSettingsQuery = graphql(`
  query AdminFeeSettings {
    feeSettings {
      resourceFee
      flowFee
      flowFeeThresholdMB
      flowFeeBase
      flowFeeRatePerGB
      flowFeeRounding
      flowFeeMinMB
      flowFeeMinAmount
    }
  }
`);

export const UpdateFeeSettingsMutation = graphql(`
  mutation UpdateFeeSettings($input: FeeSettingsInput!) {
    updateFeeSettings(input: $input) {
      resourceFee
      flowFee
      flowFeeThresholdMB
      flowFeeBase
      flowFeeRatePerGB
      flowFeeRounding
      flowFeeMinMB
      flowFeeMinAmount
    }
  }
`);
