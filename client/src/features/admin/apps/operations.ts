import { graphql } from "../../../gql";

graphql(`
  fragment AdminAppFields on App {
    id
    name
    icon
    version
    size
    description
    keywords
    categoryId
    categoryName
    price
    bundleId
    developer
    isActive
    sortOrder
    hasIpa
    downloadCount
    downloadBytes
    minOsVersion
    updatedAt
  }
`);

export const AdminAppsQuery = graphql(`
  query AdminApps($search: String, $categoryId: ID, $page: Int!, $pageSize: Int!) {
    adminApps(search: $search, categoryId: $categoryId, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminAppFields
      }
    }
  }
`);

/** Only the ids of a page, for reordering on later pages. */
export const AdminAppIdsQuery = graphql(`
  query AdminAppIds($page: Int!, $pageSize: Int!) {
    adminApps(page: $page, pageSize: $pageSize) {
      items {
        id
      }
    }
  }
`);

export const CreateAppMutation = graphql(`
  mutation CreateApp($input: AppInput!) {
    createApp(input: $input) {
      ...AdminAppFields
    }
  }
`);

export const UpdateAppMutation = graphql(`
  mutation UpdateApp($id: ID!, $input: AppInput!) {
    updateApp(id: $id, input: $input) {
      ...AdminAppFields
    }
  }
`);

export const DeleteAppsMutation = graphql(`
  mutation DeleteApps($ids: [ID!]!) {
    deleteApps(ids: $ids)
  }
`);

export const ReorderAppsMutation = graphql(`
  mutation ReorderApps($ids: [ID!]!) {
    reorderApps(ids: $ids) {
      id
      sortOrder
    }
  }
`);

export const SetAppActiveMutation = graphql(`
  mutation SetAppActive($id: ID!, $isActive: Boolean!) {
    setAppActive(id: $id, isActive: $isActive) {
      id
      isActive
    }
  }
`);

graphql(`
  fragment AdminCategoryFields on Category {
    id
    name
    displayName
    weigh
    kind
    builtIn
  }
`);

export const AdminCategoriesQuery = graphql(`
  query AdminCategories {
    categories {
      ...AdminCategoryFields
    }
  }
`);

export const CreateCategoryMutation = graphql(`
  mutation CreateCategory($input: CategoryInput!) {
    createCategory(input: $input) {
      ...AdminCategoryFields
    }
  }
`);

export const UpdateCategoryMutation = graphql(`
  mutation UpdateCategory($id: ID!, $input: CategoryInput!) {
    updateCategory(id: $id, input: $input) {
      ...AdminCategoryFields
    }
  }
`);

export const DeleteCategoryMutation = graphql(`
  mutation DeleteCategory($id: ID!) {
    deleteCategory(id: $id)
  }
`);

export const ReorderCategoriesMutation = graphql(`
  mutation ReorderCategories($ids: [ID!]!) {
    reorderCategories(ids: $ids) {
      ...AdminCategoryFields
    }
  }
`);

export const ResetDefaultCategoriesMutation = graphql(`
  mutation ResetDefaultCategories {
    resetDefaultCategories {
      ...AdminCategoryFields
    }
  }
`);
