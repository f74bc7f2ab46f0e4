import { graphql } from "../../../gql";

graphql(`
  fragment AdminBannerFields on Banner {
    id
    imageUrl
    altText
    title
    linkUrl
    isActive
    sortOrder
    updatedAt
  }
`);

export const AdminBannersQuery = graphql(`
  query AdminBanners {
    adminBanners {
      ...AdminBannerFields
    }
  }
`);

export const CreateBannerMutation = graphql(`
  mutation CreateBanner($input: BannerInput!) {
    createBanner(input: $input) {
      ...AdminBannerFields
    }
  }
`);

export const UpdateBannerMutation = graphql(`
  mutation UpdateBanner($id: ID!, $input: BannerInput!) {
    updateBanner(id: $id, input: $input) {
      ...AdminBannerFields
    }
  }
`);

export const DeleteBannerMutation = graphql(`
  mutation DeleteBanner($id: ID!) {
    deleteBanner(id: $id)
  }
`);

export const SetBannerActiveMutation = graphql(`
  mutation SetBannerActive($id: ID!, $isActive: Boolean!) {
    setBannerActive(id: $id, isActive: $isActive) {
      id
      isActive
    }
  }
`);

export const ReorderBannersMutation = graphql(`
  mutation ReorderBanners($ids: [ID!]!) {
    reorderBanners(ids: $ids) {
      id
      sortOrder
    }
  }
`);
