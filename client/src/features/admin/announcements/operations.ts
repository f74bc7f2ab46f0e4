import { graphql } from "../../../gql";

graphql(`
  fragment AdminAnnouncementFields on Announcement {
    id
    title
    content
    status
    publishedAt
    createdAt
    updatedAt
    readCount
  }
`);

export const AdminAnnouncementsQuery = graphql(`
  query AdminAnnouncements($search: String, $status: String, $page: Int!, $pageSize: Int!) {
    adminAnnouncements(search: $search, status: $status, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminAnnouncementFields
      }
    }
  }
`);

export const CreateAnnouncementMutation = graphql(`
  mutation CreateAnnouncement($input: AnnouncementInput!) {
    createAnnouncement(input: $input) {
      ...AdminAnnouncementFields
    }
  }
`);

export const UpdateAnnouncementMutation = graphql(`
  mutation UpdateAnnouncement($id: ID!, $input: AnnouncementInput!) {
    updateAnnouncement(id: $id, input: $input) {
      ...AdminAnnouncementFields
    }
  }
`);

export const DeleteAnnouncementMutation = graphql(`
  mutation DeleteAnnouncement($id: ID!) {
    deleteAnnouncement(id: $id)
  }
`);

export const SetAnnouncementStatusMutation = graphql(`
  mutation SetAnnouncementStatus($id: ID!, $status: String!) {
    setAnnouncementStatus(id: $id, status: $status) {
      ...AdminAnnouncementFields
    }
  }
`);

export const BatchAnnouncementsMutation = graphql(`
  mutation BatchAnnouncements($operation: String!, $ids: [ID!]!) {
    batchAnnouncements(operation: $operation, ids: $ids) {
      operation
      affected
    }
  }
`);
