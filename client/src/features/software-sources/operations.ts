import { graphql } from "../../gql";

graphql(`
  fragment SoftwareSourceFields on SoftwareSource {
    id
    name
    url
    iconUrl
    description
    format
    sourceUrl
    website
    payUrl
    unlockUrl
    appCount
    status
    lastSuccessAt
    lastFetchAt
    lastError
    isPrivate
  }
`);

graphql(`
  fragment SoftwareSourceAppFields on SoftwareSourceApp {
    id
    sourceId
    sourceName
    name
    bundleId
    version
    versionDate
    size
    description
    iconUrl
    locked
  }
`);

export const SoftwareSourcesQuery = graphql(`
  query SoftwareSources {
    softwareSources {
      ...SoftwareSourceFields
    }
  }
`);

export const SoftwareSourceQuery = graphql(`
  query SoftwareSource($id: ID!) {
    softwareSource(id: $id) {
      ...SoftwareSourceFields
      news {
        title
        caption
        date
        url
      }
    }
  }
`);

export const SoftwareSourceAppsQuery = graphql(`
  query SoftwareSourceApps($sourceId: ID!, $page: Int, $pageSize: Int, $q: String) {
    softwareSourceApps(sourceId: $sourceId, page: $page, pageSize: $pageSize, q: $q) {
      total
      page
      pageSize
      items {
        ...SoftwareSourceAppFields
      }
    }
  }
`);

export const SearchSoftwareSourceAppsQuery = graphql(`
  query SearchSoftwareSourceApps($q: String!, $page: Int, $pageSize: Int) {
    searchSoftwareSourceApps(q: $q, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...SoftwareSourceAppFields
      }
    }
  }
`);

export const SoftwareSourceAppQuery = graphql(`
  query SoftwareSourceApp($id: ID!) {
    softwareSourceApp(id: $id) {
      ...SoftwareSourceAppFields
      developer
      category
      downloadUrl
      versionDescription
      payUrl
      unlockUrl
    }
  }
`);

export const AddSoftwareSourceMutation = graphql(`
  mutation AddSoftwareSource($name: String!, $url: String!) {
    addSoftwareSource(name: $name, url: $url) {
      ...SoftwareSourceFields
    }
  }
`);

export const RemoveSoftwareSourceMutation = graphql(`
  mutation RemoveSoftwareSource($id: ID!) {
    removeSoftwareSource(id: $id)
  }
`);

export const RefreshSoftwareSourceMutation = graphql(`
  mutation RefreshSoftwareSource($id: ID!) {
    refreshSoftwareSource(id: $id) {
      ...SoftwareSourceFields
    }
  }
`);

export const ImportSourceAppForSigningMutation = graphql(`
  mutation ImportSourceAppForSigning($sourceAppId: ID!) {
    importSourceAppForSigning(sourceAppId: $sourceAppId) {
      id
      name
      bundleId
    }
  }
`);

export const EsignUnlockQuery = graphql(`
  query EsignUnlock {
    esignUnlock {
      code
      devices {
        udid
        unlockedAt
      }
    }
  }
`);
