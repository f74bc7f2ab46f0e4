import { graphql } from "../../gql";

/** Site name, logo, SEO texts and the footer: the chrome of every users' page. */
export const SiteInfoQuery = graphql(`
  query SiteInfo {
    siteInfo {
      siteName
      siteLogo
      seoSubtitle
      seoKeywords
      seoDescription
    }
    footer {
      icpNumber
      copyrightInfo
    }
    contentVersions {
      settings
    }
  }
`);

export const ContactQuery = graphql(`
  query Contact {
    contact {
      wechat
      qq
      email
    }
  }
`);

/** The user agreement and privacy policy (/agreement and /privacy). */
export const LegalDocumentsQuery = graphql(`
  query LegalDocuments {
    legalDocuments {
      userAgreement
      privacyPolicy
    }
  }
`);
