import { graphql } from "../../../gql";

graphql(`
  fragment AdminPlanFields on CertPlan {
    id
    packageId
    name
    durationDays
    price
    warrantyDays
    renewalDiscountPct
    stock
    sold
    enabled
    sortOrder
    orderCount
  }
`);

export const AdminCertificatePackagesQuery = graphql(`
  query AdminCertificatePackages {
    adminCertificatePackages {
      id
      name
      description
      kind
      source
      supplierId
      certificateId
      deviceType
      enabled
      sortOrder
      plans {
        ...AdminPlanFields
      }
    }
  }
`);

export const CreateCertPackageMutation = graphql(`
  mutation CreateCertPackage($input: CertPackageInput!) {
    createCertPackage(input: $input) {
      id
    }
  }
`);

export const UpdateCertPackageMutation = graphql(`
  mutation UpdateCertPackage($id: ID!, $input: CertPackageInput!) {
    updateCertPackage(id: $id, input: $input) {
      id
      enabled
    }
  }
`);

export const DeleteCertPackageMutation = graphql(`
  mutation DeleteCertPackage($id: ID!, $force: Boolean) {
    deleteCertPackage(id: $id, force: $force)
  }
`);

export const ReorderCertPackagesMutation = graphql(`
  mutation ReorderCertPackages($ids: [ID!]!) {
    reorderCertPackages(ids: $ids) {
      id
      sortOrder
    }
  }
`);

export const CreatePricePlanMutation = graphql(`
  mutation CreatePricePlan($packageId: ID!, $input: PricePlanInput!) {
    createPricePlan(packageId: $packageId, input: $input) {
      ...AdminPlanFields
    }
  }
`);

export const UpdatePricePlanMutation = graphql(`
  mutation UpdatePricePlan($id: ID!, $input: PricePlanInput!) {
    updatePricePlan(id: $id, input: $input) {
      ...AdminPlanFields
    }
  }
`);

export const DeletePricePlanMutation = graphql(`
  mutation DeletePricePlan($id: ID!, $force: Boolean) {
    deletePricePlan(id: $id, force: $force)
  }
`);

export const ReorderPricePlansMutation = graphql(`
  mutation ReorderPricePlans($packageId: ID!, $ids: [ID!]!) {
    reorderPricePlans(packageId: $packageId, ids: $ids) {
      id
    }
  }
`);

export const AscAccountsQuery = graphql(`
  query AdminAscAccounts {
    adminAscAccounts {
      id
      name
      p8KeyId
      keyId
      issuerId
      certificateId
      certificateName
      teamId
      deviceLimit
      status
      statusReason
      enabled
      deliveries
      createdAt
    }
  }
`);

export const CreateAscAccountMutation = graphql(`
  mutation CreateAscAccount($input: AscAccountInput!) {
    createAscAccount(input: $input) {
      id
    }
  }
`);

export const UpdateAscAccountMutation = graphql(`
  mutation UpdateAscAccount($id: ID!, $input: AscAccountInput!) {
    updateAscAccount(id: $id, input: $input) {
      id
      status
      enabled
    }
  }
`);

export const DeleteAscAccountMutation = graphql(`
  mutation DeleteAscAccount($id: ID!) {
    deleteAscAccount(id: $id)
  }
`);

export const AdminMallOrdersQuery = graphql(`
  query AdminMallOrders($status: String, $search: String, $page: Int, $pageSize: Int) {
    adminMallOrders(status: $status, search: $search, page: $page, pageSize: $pageSize) {
      items {
        id
        orderNo
        kind
        username
        udid
        packageName
        planName
        source
        amount
        status
        attempts
        lastError
        certificateId
        ascAccountId
        createdAt
        paidAt
        deliveredAt
        updatedAt
      }
      total
      page
      pageSize
    }
  }
`);

export const AdminMallOrderLogsQuery = graphql(`
  query AdminMallOrderLogs($id: ID!) {
    adminMallOrderLogs(id: $id) {
      id
      level
      message
      createdAt
    }
  }
`);

export const RetryMallOrderMutation = graphql(`
  mutation RetryMallOrder($id: ID!) {
    retryMallOrder(id: $id) {
      id
      status
    }
  }
`);

export const CertSuppliersQuery = graphql(`
  query AdminCertSuppliers {
    adminCertSuppliers {
      id
      name
      baseUrl
      productMapJson
      timeoutMs
      enabled
      allowPrivate
      lastTestAt
      lastTestOk
      lastTestMessage
      createdAt
    }
  }
`);

export const CreateCertSupplierMutation = graphql(`
  mutation CreateCertSupplier($input: CertSupplierInput!) {
    createCertSupplier(input: $input) {
      id
    }
  }
`);

export const UpdateCertSupplierMutation = graphql(`
  mutation UpdateCertSupplier($id: ID!, $input: CertSupplierInput!) {
    updateCertSupplier(id: $id, input: $input) {
      id
    }
  }
`);

export const DeleteCertSupplierMutation = graphql(`
  mutation DeleteCertSupplier($id: ID!) {
    deleteCertSupplier(id: $id)
  }
`);

export const TestCertSupplierMutation = graphql(`
  mutation TestCertSupplier($id: ID!) {
    testCertSupplier(id: $id) {
      id
      lastTestAt
      lastTestOk
      lastTestMessage
    }
  }
`);
