import { graphql } from "../../../gql";

graphql(`
  fragment AdminCategoryAnnouncementFields on CategoryAnnouncement {
    id
    categoryId
    title
    content
    isActive
    updatedAt
  }
`);

/** Every category (with the two built-in ones) beside the announcements they have. */
export const AdminCategoryAnnouncementsQuery = graphql(`
  query AdminCategoryAnnouncements {
    categories {
      id
      name
      displayName
      kind
      builtIn
    }
    adminCategoryAnnouncements {
      ...AdminCategoryAnnouncementFields
    }
  }
`);

export const UpsertCategoryAnnouncementMutation = graphql(`
  mutation UpsertCategoryAnnouncement($categoryId: ID!, $input: CategoryAnnouncementInput!) {
    upsertCategoryAnnouncement(categoryId: $categoryId, input: $input) {
      ...AdminCategoryAnnouncementFields
    }
  }
`);

export const DeleteCategoryAnnouncementMutation = graphql(`
  mutation DeleteCategoryAnnouncement($categoryId: ID!) {
    deleteCategoryAnnouncement(categoryId: $categoryId)
  }
`);
