import { graphql } from "../../gql";

export const AnnouncementsQuery = graphql(`
  query Announcements {
    announcements {
      id
      title
      content
      publishedAt
      createdAt
    }
    contentVersions {
      announcements
    }
  }
`);

export const MarkAnnouncementReadMutation = graphql(`
  mutation MarkAnnouncementRead($id: ID!) {
    markAnnouncementRead(id: $id)
  }
`);
