import { graphql } from "../../gql";

export const CategoryAnnouncementQuery = graphql(`
  query CategoryAnnouncement($categoryId: ID!) {
    categoryAnnouncement(categoryId: $categoryId) {
      id
      title
      content
    }
  }
`);
