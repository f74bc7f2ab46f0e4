import { graphql } from "../../../gql";

graphql(`
  fragment AdminSoftwareSourceFields on SoftwareSource {
    id
    name
    url
    iconUrl
    customIconUrl
    description
    customDescription
    enabled
    sortOrder
    refreshMinutes
    allowPrivate
    format
    docName
    identifier
    sourceUrl
    website
    payUrl
    unlockUrl
    appCount
    status
    lastFetchAt
    lastSuccessAt
    lastErrorCode
    lastError
    warnings
    createdAt
    updatedAt
  }
`);

export const AdminSoftwareSourcesQuery = graphql(`
  query AdminSoftwareSources($page: Int, $pageSize: Int, $q: String) {
    adminSoftwareSources(page: $page, pageSize: $pageSize, q: $q) {
      total
      page
      pageSize
      items {
        ...AdminSoftwareSourceFields
      }
    }
  }
`);

export const AdminSoftwareSourceQuery = graphql(`
  query AdminSoftwareSource($id: ID!) {
    adminSoftwareSource(id: $id) {
      ...AdminSoftwareSourceFields
    }
    adminSoftwareSourceFetches(id: $id) {
      id
      startedAt
      durationMs
      outcome
      httpStatus
      bytes
      appCount
      warningCount
      errorCode
      errorMessage
    }
  }
`);

export const AdminSoftwareSourceAppsQuery = graphql(`
  query AdminSoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {
    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {
      total
      page
      pageSize
      items {
        id
        name
        bundleId
        version
        versionDate
        size
        iconUrl
        downloadUrl
        locked
        category
      }
    }
  }
`);

export const AdminCreateSoftwareSourceMutation = graphql(`
  mutation AdminCreateSoftwareSource($input: SoftwareSourceInput!) {
    adminCreateSoftwareSource(input: $input) {
      ...AdminSoftwareSourceFields
    }
  }
`);

export const AdminUpdateSoftwareSourceMutation = graphql(`
  mutation AdminUpdateSoftwareSource($id: ID!, $input: SoftwareSourceInput!) {
    adminUpdateSoftwareSource(id: $id, input: $input) {
      ...AdminSoftwareSourceFields
    }
  }
`);

export const AdminDeleteSoftwareSourceMutation = graphql(`
  mutation AdminDeleteSoftwareSource($id: ID!) {
    adminDeleteSoftwareSource(id: $id)
  }
`);

export const AdminRefreshSoftwareSourceMutation = graphql(`
  mutation AdminRefreshSoftwareSource($id: ID!) {
    adminRefreshSoftwareSource(id: $id) {
      ...AdminSoftwareSourceFields
    }
  }
`);

export const SoftwareSourceFeedQuery = graphql(`
  query SoftwareSourceFeed {
    softwareSourceFeedCategories
    categories {
      id
      name
      displayName
      builtIn
    }
  }
`);

export const SetSoftwareSourceFeedCategoriesMutation = graphql(`
  mutation SetSoftwareSourceFeedCategories($ids: [ID!]!) {
    setSoftwareSourceFeedCategories(ids: $ids)
  }
`);

export const SoftwareSourcePrivateAddressesQuery = graphql(`
  query SoftwareSourcePrivateAddresses {
    softwareSourcePrivateAddressesAllowed
  }
`);

export const SetSoftwareSourcePrivateAddressesMutation = graphql(`
  mutation SetSoftwareSourcePrivateAddresses($allowed: Boolean!) {
    setSoftwareSourcePrivateAddressesAllowed(allowed: $allowed)
  }
`);

export const ResetSoftwareSourceFeedLinksMutation = graphql(`
  mutation ResetSoftwareSourceFeedLinks {
    resetSoftwareSourceFeedLinks
  }
`);
