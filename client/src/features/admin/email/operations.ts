import { graphql } from "../../../gql";

graphql(`
  fragment EmailRecordFields on EmailRecord {
    id
    to
    subject
    template
    kind
    status
    smtpResponse
    error
    attempts
    createdAt
    sentAt
    resentFrom
  }
`);

export const AdminEmailRecordsQuery = graphql(`
  query AdminEmailRecords($search: String, $status: String, $page: Int!, $pageSize: Int!) {
    adminEmailRecords(search: $search, status: $status, page: $page, pageSize: $pageSize) {
      items {
        ...EmailRecordFields
      }
      total
      page
      pageSize
    }
  }
`);

export const AdminResendEmailRecordMutation = graphql(`
  mutation AdminResendEmailRecord($id: ID!) {
    adminResendEmailRecord(id: $id)
  }
`);
