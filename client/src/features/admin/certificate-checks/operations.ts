import { graphql } from "../../../gql";

graphql(`
  fragment DetectionBatchFields on DetectionBatch {
    id
    status
    total
    done
    good
    revoked
    unknown
    error
    cancelled
    createdByName
    createdAt
    finishedAt
    filter {
      scope
      status
      search
    }
  }
`);

export const DetectionBatchesQuery = graphql(`
  query DetectionBatches($page: Int, $pageSize: Int) {
    detectionBatches(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...DetectionBatchFields
      }
    }
  }
`);

export const DetectionCandidatesQuery = graphql(`
  query DetectionCandidates($filter: DetectionFilterInput) {
    detectionCandidates(filter: $filter)
  }
`);

export const StartDetectionBatchMutation = graphql(`
  mutation StartDetectionBatch($filter: DetectionFilterInput) {
    startDetectionBatch(filter: $filter) {
      ...DetectionBatchFields
    }
  }
`);

export const CancelDetectionBatchMutation = graphql(`
  mutation CancelDetectionBatch($id: ID!) {
    cancelDetectionBatch(id: $id) {
      ...DetectionBatchFields
    }
  }
`);

export const DetectionBatchProgressSubscription = graphql(`
  subscription DetectionBatchProgress($id: ID!) {
    detectionBatchProgress(id: $id) {
      ...DetectionBatchFields
    }
  }
`);

export const DetectionBatchQuery = graphql(`
  query DetectionBatch($id: ID!) {
    detectionBatch(id: $id) {
      ...DetectionBatchFields
    }
  }
`);

graphql(`
  fragment CertificateCheckFields on CertificateCheck {
    id
    certificateId
    certificateName
    username
    status
    ocspStatus
    reason
    report
    createdAt
    finishedAt
  }
`);

export const AdminCheckCertificateMutation = graphql(`
  mutation AdminCheckCertificate($id: ID!) {
    adminCheckCertificate(id: $id) {
      ...CertificateCheckFields
    }
  }
`);

export const AdminCertificateCheckQuery = graphql(`
  query AdminCertificateCheck($id: ID!) {
    adminCertificateCheck(id: $id) {
      ...CertificateCheckFields
    }
  }
`);
