import { graphql } from "../../gql";

/** A signing task as its card shows it. */
export const SigningTaskFields = graphql(`
  fragment SigningTaskFields on SigningTask {
    id
    certificateId
    certificateName
    source
    appId
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
    finishedAt
    resignedAt
    resignCount
    resignState
  }
`);

/** What the signing form needs: the certificates, the dylibs that may be injected and the settings (fee, upload limit). */
export const SigningFormQuery = graphql(`
  query SigningForm {
    signableCertificates {
      id
      name
      kind
      teamName
      appId
      certType
      status
      expiresAt
      usable
      feeFen
    }
    signableDylibs {
      id
      name
      version
      iconUrl
    }
    signingSettings {
      chargeMode
      feeFen
      artifactHours
      downloadsPerTask
      maxUploadMb
    }
  }
`);

/** The caller's kept uploads (an upload made elsewhere, e.g. a software source's app, opens the form as ?ipa=). */
export const MySigningUploadsQuery = graphql(`
  query MySigningUploads {
    mySigningUploads {
      id
      filename
      size
      name
      bundleId
      version
      build
      minOsVersion
      iconUrl
      expiresAt
    }
  }
`);

/** A catalogue app chosen for signing (from /app-signature or the app's detail page). */
export const SigningAppQuery = graphql(`
  query SigningApp($id: ID!) {
    app(id: $id) {
      id
      name
      icon
      version
      size
      bundleId
      hasIpa
    }
  }
`);

export const SignableAppsQuery = graphql(`
  query SignableApps($search: String, $page: Int, $pageSize: Int) {
    signableApps(search: $search, page: $page, pageSize: $pageSize) {
      items {
        id
        name
        bundleId
        version
        iconUrl
        bought
        size
      }
      total
      page
      pageSize
    }
  }
`);

export const MySigningTasksQuery = graphql(`
  query MySigningTasks($page: Int, $pageSize: Int) {
    mySigningTasks(page: $page, pageSize: $pageSize) {
      items {
        ...SigningTaskFields
      }
      total
      page
      pageSize
    }
  }
`);

export const SigningTaskQuery = graphql(`
  query SigningTask($id: ID!) {
    signingTask(id: $id) {
      ...SigningTaskFields
    }
  }
`);

/** The caller's tasks as they move (every task of the caller: one subscription for the whole list). */
export const SigningTaskUpdatedSubscription = graphql(`
  subscription SigningTaskUpdated {
    signingTaskUpdated {
      ...SigningTaskFields
    }
  }
`);

/** The install section of a done task: for its owner (no token) or anyone with the page's link token. */
export const SigningInstallQuery = graphql(`
  query SigningInstall($id: ID!, $token: String) {
    signingInstall(id: $id, token: $token) {
      taskId
      appName
      bundleId
      version
      iconUrl
      certificateName
      size
      itmsUrl
      manifestUrl
      downloadUrl
      installPageUrl
      https
      expiresAt
      downloadsLeft
      resignedAt
    }
  }
`);

export const CreateSigningTaskMutation = graphql(`
  mutation CreateSigningTask($input: CreateSigningTaskInput!) {
    createSigningTask(input: $input) {
      ...SigningTaskFields
    }
  }
`);

export const CancelSigningTaskMutation = graphql(`
  mutation CancelSigningTask($id: ID!) {
    cancelSigningTask(id: $id) {
      ...SigningTaskFields
    }
  }
`);

export const RetrySigningTaskMutation = graphql(`
  mutation RetrySigningTask($id: ID!) {
    retrySigningTask(id: $id) {
      ...SigningTaskFields
    }
  }
`);

export const DeleteSigningTaskMutation = graphql(`
  mutation DeleteSigningTask($id: ID!) {
    deleteSigningTask(id: $id)
  }
`);

/** 换证书重签: re-signs a task whose certificate was revoked on another certificate; the install link stays. */
export const ResignSigningTaskMutation = graphql(`
  mutation ResignSigningTask($id: ID!, $certificateId: ID!) {
    resignSigningTask(id: $id, certificateId: $certificateId) {
      ...SigningTaskFields
    }
  }
`);
