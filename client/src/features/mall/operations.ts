import { graphql } from "../../gql";

graphql(`
  fragment CertPlanFields on CertPlan {
    id
    packageId
    name
    durationDays
    price
    warrantyDays
    renewalDiscountPct
    stock
    enabled
  }
`);

export const CertificatePackagesQuery = graphql(`
  query CertificatePackages {
    certificatePackages {
      id
      name
      description
      kind
      deviceType
      plans {
        ...CertPlanFields
      }
    }
  }
`);

graphql(`
  fragment MallOrderFields on MallOrder {
    id
    orderNo
    kind
    udid
    packageName
    planName
    durationDays
    warrantyDays
    amount
    status
    certificateId
    lastError
    warrantyUntil
    expiresAt
    createdAt
    paidAt
    deliveredAt
    updatedAt
  }
`);

export const MyMallOrdersQuery = graphql(`
  query MyMallOrders($page: Int, $pageSize: Int) {
    myMallOrders(page: $page, pageSize: $pageSize) {
      items {
        ...MallOrderFields
      }
      total
    }
  }
`);

export const MyMallOrderQuery = graphql(`
  query MyMallOrder($ref: String!) {
    myMallOrder(ref: $ref) {
      ...MallOrderFields
    }
  }
`);

export const MallOrderChangedSubscription = graphql(`
  subscription MallOrderChanged($ref: String!) {
    mallOrderChanged(ref: $ref) {
      ...MallOrderFields
    }
  }
`);

export const CreateCertificateOrderMutation = graphql(`
  mutation CreateCertificateOrder($planId: ID!, $deviceId: ID!) {
    createCertificateOrder(planId: $planId, deviceId: $deviceId) {
      id
      orderNo
      amount
      status
    }
  }
`);

export const RenewCertificateOrderMutation = graphql(`
  mutation RenewCertificateOrder($orderId: ID!) {
    renewCertificateOrder(orderId: $orderId) {
      id
      orderNo
      amount
      status
    }
  }
`);

export const RedeemCertificateCardKeyMutation = graphql(`
  mutation RedeemCertificateCardKey($code: String!, $deviceId: ID!) {
    redeemCertificateCardKey(code: $code, deviceId: $deviceId) {
      ...MallOrderFields
    }
  }
`);
