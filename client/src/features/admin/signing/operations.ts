import { graphql } from "../../../gql";

graphql(`
  fragment AdminSigningTaskFields on AdminSigningTask {
    id
    userId
    username
    certificateId
    certificateName
    source
    uploadId
    appId
    options {
      bundleId
      displayName
      version
      dylibIds
      removeUISupportedDevices
      removePlugins
      removeWatch
    }
    status
    stage
    progress
    errorCode
    errorMessage
    appName
    bundleId
    version
    iconUrl
    artifactSize
    chargeFen
    refunded
    downloadsUsed
    downloadsLimit
    expiresAt
    createdAt
    startedAt
    finishedAt
    report
  }
`);

export const AdminSigningTasksQuery = graphql(`
  query AdminSigningTasks($filter: SigningTaskFilterInput, $page: Int!, $pageSize: Int!) {
    adminSigningTasks(filter: $filter, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminSigningTaskFields
      }
    }
  }
`);

export const SigningStatsQuery = graphql(`
  query SigningStats {
    signingStats {
      queued
      running
      done
      failed
      cancelled
      perDay {
        day
        count
      }
    }
  }
`);

export const AdminRetrySigningTaskMutation = graphql(`
  mutation AdminRetrySigningTask($id: ID!) {
    adminRetrySigningTask(id: $id) {
      ...AdminSigningTaskFields
    }
  }
`);

export const AdminCancelSigningTaskMutation = graphql(`
  mutation AdminCancelSigningTask($id: ID!) {
    adminCancelSigningTask(id: $id) {
      ...AdminSigningTaskFields
    }
  }
`);

export const AdminDeleteSigningTaskMutation = graphql(`
  mutation AdminDeleteSigningTask($id: ID!) {
    adminDeleteSigningTask(id: $id)
  }
`);

export const AddSigningDownloadsMutation = graphql(`
  mutation AddSigningDownloads($id: ID!, $count: Int!) {
    addSigningDownloads(id: $id, count: $count) {
      ...AdminSigningTaskFields
    }
  }
`);

export const SigningCleanupMutation = graphql(`
  mutation SigningCleanup {
    signingCleanup {
      artifacts
      uploads
      requeued
      refunded
    }
  }
`);
