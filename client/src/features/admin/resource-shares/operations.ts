import { graphql } from "../../../gql";

graphql(`
  fragment AdminResourceShareFields on ResourceShare {
    id
    name
    icon
    version
    fileSize
    description
    resourceFee
    trafficFee
    bundleId
    downloadCount
    isActive
    sortOrder
    hasFile
    updatedAt
  }
`);

export const AdminResourceSharesQuery = graphql(`
  query AdminResourceShares($search: String, $page: Int!, $pageSize: Int!) {
    adminResourceShares(search: $search, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminResourceShareFields
      }
    }
  }
`);

/** Only the ids of a page, for reordering on later pages. */
export const AdminResourceShareIdsQuery = graphql(`
  query AdminResourceShareIds($page: Int!, $pageSize: Int!) {
    adminResourceShares(page: $page, pageSize: $pageSize) {
      items {
        id
      }
    }
  }
`);

export const CreateResourceShareMutation = graphql(`
  mutation CreateResourceShare($input: ResourceShareInput!) {
    createResourceShare(input: $input) {
      ...AdminResourceShareFields
    }
  }
`);

export const UpdateResourceShareMutation = graphql(`
  mutation UpdateResourceShare($id: ID!, $input: ResourceShareInput!) {
    updateResourceShare(id: $id, input: $input) {
      ...AdminResourceShareFields
    }
  }
`);

export const DeleteResourceSharesMutation = graphql(`
  mutation DeleteResourceShares($ids: [ID!]!) {
    deleteResourceShares(ids: $ids)
  }
`);

export const ReorderResourceSharesMutation = graphql(`
  mutation ReorderResourceShares($ids: [ID!]!) {
    reorderResourceShares(ids: $ids) {
      id
      sortOrder
    }
  }
`);

export const SetResourceShareActiveMutation = graphql(`
  mutation SetResourceShareActive($id: ID!, $isActive: Boolean!) {
    setResourceShareActive(id: $id, isActive: $isActive) {
      id
      isActive
    }
  }
`);
