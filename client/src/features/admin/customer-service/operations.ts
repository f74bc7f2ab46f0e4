import { graphql } from "../../../gql";

graphql(`
  fragment CsSessionFields on CsSession {
    sessionId
    userId
    username
    status
    unreadAdmin
    unreadUser
    messageCount
    lastMessageAt
    lastMessagePreview
    lastSenderType
    createdAt
  }
`);

graphql(`
  fragment CsMessageFields on CsMessage {
    id
    sessionId
    senderType
    senderName
    messageType
    content
    imageUrl
    extraData {
      order_id
      item_name
      amount
      status
      cert_id
      name
    }
    createdAt
  }
`);

export const AdminCsSessionsQuery = graphql(`
  query AdminCsSessions($search: String, $status: String, $page: Int!) {
    adminCustomerServiceSessions(search: $search, status: $status, page: $page, pageSize: 50) {
      items {
        ...CsSessionFields
      }
      total
    }
  }
`);

export const AdminCsMessagesQuery = graphql(`
  query AdminCsMessages($sessionId: String!) {
    adminCustomerServiceMessages(sessionId: $sessionId, page: 1, pageSize: 100) {
      items {
        ...CsMessageFields
      }
      total
    }
  }
`);

export const AdminCsContextQuery = graphql(`
  query AdminCsContext($sessionId: String!) {
    adminCustomerServiceContext(sessionId: $sessionId) {
      userId
      username
      orders {
        id
        orderNo
        itemName
        amount
        status
        createdAt
      }
      certificates {
        id
        name
        status
        teamName
        expiresAt
      }
      devices {
        id
        udid
        product
        modelName
        version
        boundAt
      }
    }
  }
`);

export const AdminCsSearchQuery = graphql(`
  query AdminCsSearch($query: String!) {
    adminSearchCustomerServiceMessages(query: $query) {
      items {
        ...CsMessageFields
      }
      total
    }
  }
`);

export const AdminCsSendMutation = graphql(`
  mutation AdminCsSend($input: CsSendInput!) {
    adminSendCustomerServiceMessage(input: $input) {
      ...CsMessageFields
    }
  }
`);

export const AdminCsReadMutation = graphql(`
  mutation AdminCsRead($sessionId: String!) {
    adminMarkCustomerServiceRead(sessionId: $sessionId) {
      ...CsSessionFields
    }
  }
`);

export const AdminCsStatusMutation = graphql(`
  mutation AdminCsStatus($sessionId: String!, $status: String!) {
    adminSetCustomerServiceSessionStatus(sessionId: $sessionId, status: $status) {
      ...CsSessionFields
    }
  }
`);

export const CsChangedSubscription = graphql(`
  subscription CsChanged {
    customerServiceChanged {
      session {
        ...CsSessionFields
      }
      message {
        ...CsMessageFields
      }
    }
  }
`);

/** The settings form's fields, read and written back. */
graphql(`
  fragment CsSettingsFields on CsSettings {
    enabled
    customerServiceName
    customerServiceAvatar
    welcomeMessage
    quickReplies {
      question
      answer
    }
    offlineMessage
    serviceHoursStart
    serviceHoursEnd
  }
`);

export const AdminCsSettingsQuery = graphql(`
  query AdminCsSettings {
    adminCustomerServiceSettings {
      ...CsSettingsFields
    }
  }
`);

export const UpdateCsSettingsMutation = graphql(`
  mutation UpdateCsSettings($input: CsSettingsInput!) {
    updateCustomerServiceSettings(input: $input) {
      ...CsSettingsFields
    }
  }
`);
