import { graphql } from "../../../gql";

graphql(`
  fragment AdminCertificateFields on Certificate {
    id
    scope
    userId
    username
    name
    commonName
    teamId
    teamName
    certType
    serialNumber
    profileName
    profileType
    deviceCount
    allDevices
    expiresAt
    status
    checkedAt
    statusReason
    demo
    createdAt
  }
`);

export const AdminCertificatesQuery = graphql(`
  query AdminCertificates($scope: String, $search: String, $status: String, $page: Int!, $pageSize: Int!) {
    adminCertificates(scope: $scope, search: $search, status: $status, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminCertificateFields
      }
    }
  }
`);

export const AdminDeleteCertificateMutation = graphql(`
  mutation AdminDeleteCertificate($id: ID!) {
    adminDeleteCertificate(id: $id)
  }
`);

export const P8KeysQuery = graphql(`
  query P8Keys {
    p8Keys {
      id
      name
      issuerId
      keyId
      createdAt
    }
  }
`);

export const CreateP8KeyMutation = graphql(`
  mutation CreateP8Key($input: P8KeyInput!) {
    createP8Key(input: $input) {
      id
    }
  }
`);

export const DeleteP8KeyMutation = graphql(`
  mutation DeleteP8Key($id: ID!) {
    deleteP8Key(id: $id)
  }
`);
