import { graphql } from "../../gql";

export const MessageAddedSubscription = graphql(`
  subscription MessageAdded($sessionId: String!, $guestId: String) {
    messageAdded(sessionId: $sessionId, guestId: $guestId) {
      id
      sessionId
      senderType
      senderName
      messageType
      content
      imageUrl
      extraData {
        order_id
        order_no
        item_name
        amount
        status
        cert_id
        name
        team_name
        width
        height
      }
      createdAt
    }
  }
`);
