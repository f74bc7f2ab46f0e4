import { graphql } from "../../../gql";

graphql(`
  fragment AdminDylibFields on Dylib {
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
    category
    author
    tags
    isActive
    sortOrder
    hasFile
    updatedAt
  }
`);

export const AdminDylibsQuery = graphql(`
  query AdminDylibs($search: String, $page: Int!, $pageSize: Int!) {
    adminDylibs(search: $search, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminDylibFields
      }
    }
  }
`);

/** Only the ids of a page, for reordering on later pages. */
export const AdminDylibIdsQuery = graphql(`
  query AdminDylibIds($page: Int!, $pageSize: Int!) {
    adminDylibs(page: $page, pageSize: $pageSize) {
      items {
        id
      }
    }
  }
`);

export const CreateDylibMutation = graphql(`
  mutation CreateDylib($input: DylibInput!) {
    createDylib(input: $input) {
      ...AdminDylibFields
    }
  }
`);

export const UpdateDylibMutation = graphql(`
  mutation UpdateDylib($id: ID!, $input: DylibInput!) {
    updateDylib(id: $id, input: $input) {
      ...AdminDylibFields
    }
  }
`);

export const DeleteDylibsMutation = graphql(`
  mutation DeleteDylibs($ids: [ID!]!) {
    deleteDylibs(ids: $ids)
  }
`);

export const ReorderDylibsMutation = graphql(`
  mutation ReorderDylibs($ids: [ID!]!) {
    reorderDylibs(ids: $ids) {
      id
      sortOrder
    }
  }
`);

export const SetDylibActiveMutation = graphql(`
  mutation SetDylibActive($id: ID!, $isActive: Boolean!) {
    setDylibActive(id: $id, isActive: $isActive) {
      id
      isActive
    }
  }
`);
