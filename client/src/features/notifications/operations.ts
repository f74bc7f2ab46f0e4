import { graphql } from "../../gql";

export const MyNotificationsQuery = graphql(`
  query MyNotifications($page: Int, $pageSize: Int) {
    myNotifications(page: $page, pageSize: $pageSize) {
      total
      unread
      items {
        id
        kind
        title
        body
        link
        readAt
        createdAt
      }
    }
  }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($id: ID) {
    markNotificationsRead(id: $id)
  }
`);
