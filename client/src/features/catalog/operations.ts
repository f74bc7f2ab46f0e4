import { graphql } from "../../gql";

export const AppDetailQuery = graphql(`
  query AppDetail($id: ID!) {
    app(id: $id) {
      id
      name
      icon
      version
      size
      description
      keywords
      categoryName
      price
      bundleId
      minOsVersion
      updatedAt
      hasIpa
    }
  }
`);

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

export const ResourceShareDetailQuery = graphql(`
  query ResourceShareDetail($id: ID!) {
    resourceShare(id: $id) {
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
