import { graphql } from "../../../gql";

graphql(`
  fragment AdminQQGroupFields on QQGroup {
    id
    name
    number
    isActive
    sortOrder
  }
`);

export const AdminQQGroupsQuery = graphql(`
  query AdminQQGroups {
    adminQQGroups {
      ...AdminQQGroupFields
    }
  }
`);

export const CreateQQGroupMutation = graphql(`
  mutation CreateQQGroup($input: QQGroupInput!) {
    createQQGroup(input: $input) {
      ...AdminQQGroupFields
    }
  }
`);

export const UpdateQQGroupMutation = graphql(`
  mutation UpdateQQGroup($id: ID!, $input: QQGroupInput!) {
    updateQQGroup(id: $id, input: $input) {
      ...AdminQQGroupFields
    }
  }
`);

export const DeleteQQGroupMutation = graphql(`
  mutation DeleteQQGroup($id: ID!) {
    deleteQQGroup(id: $id)
  }
`);

export const ReorderQQGroupsMutation = graphql(`
  mutation ReorderQQGroups($ids: [ID!]!) {
    reorderQQGroups(ids: $ids) {
      id
      sortOrder
    }
  }
`);
