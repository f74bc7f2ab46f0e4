import { graphql } from "../../gql";

/**
 * The home page's first paint in one request: banners, categories, the first page of the
 * selected list and the content versions the local cache is checked against. The benchmark
 * (tests/bench/home.mjs) sends this document's text: keep its name and variables.
 */
export const HomePageQuery = graphql(`
  query HomePage(
    $categoryId: ID
    $defaultCategory: Boolean! = false
    $price: PriceFilter! = ALL
    $search: String
    $page: Int! = 1
    $pageSize: Int! = 10
  ) {
    banners {
      id
      imageUrl
      altText
      title
      linkUrl
    }
    categories {
      id
      name
      displayName
      weigh
      kind
      builtIn
    }
    catalog(
      categoryId: $categoryId
      defaultCategory: $defaultCategory
      price: $price
      search: $search
      page: $page
      pageSize: $pageSize
    ) {
      ...CatalogPageFields
    }
    contentVersions {
      ...ContentVersionFields
    }
  }
`);

/** A category, filter, search or page change. */
export const CatalogPageQuery = graphql(`
  query CatalogPage(
    $categoryId: ID
    $price: PriceFilter! = ALL
    $search: String
    $page: Int! = 1
    $pageSize: Int! = 10
  ) {
    catalog(categoryId: $categoryId, price: $price, search: $search, page: $page, pageSize: $pageSize) {
      ...CatalogPageFields
    }
    contentVersions {
      ...ContentVersionFields
    }
  }
`);

/** The search box: the whole catalogue (apps of every category, dylibs, resource shares), not one category. */
export const SearchCatalogQuery = graphql(`
  query SearchCatalog($search: String!, $price: PriceFilter! = ALL, $page: Int! = 1, $pageSize: Int! = 10) {
    searchCatalog(search: $search, price: $price, page: $page, pageSize: $pageSize) {
      ...CatalogPageFields
    }
    contentVersions {
      ...ContentVersionFields
    }
  }
`);

graphql(`
  fragment CatalogPageFields on CatalogPage {
    categoryId
    notice {
      title
      content
    }
    total
    page
    pageSize
    items {
      id
      kind
      name
      icon
      description
      version
      size
      updatedAt
      price
      isFree
      bundleId
      author
      category
      tags
    }
  }
`);

graphql(`
  fragment ContentVersionFields on ContentVersions {
    banners
    categories
    apps
    dylibs
    resourceShares
    announcements
    qqGroups
    settings
  }
`);
