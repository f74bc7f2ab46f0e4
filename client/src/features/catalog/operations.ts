import { graphql } from "../../gql";

export const DylibDetailQuery = graphql(`
  query DylibDetail($id: ID!) {
    dylib(id: $id) {
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
      hasFile
      updatedAt
    }
  }
`);

export const PurchaseStatusQuery = graphql(`
  query PurchaseStatus($kind: CatalogKind!, $id: ID!) {
    purchaseStatus(kind: $kind, id: $id) {
      itemId
      kind
      price
      isFree
      purchased
    }
  }
`);
