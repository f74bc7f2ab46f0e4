import { graphql } from "../../../gql";

graphql(`
  fragment AdminPaymentMethodFields on PaymentMethod {
    id
    name
    channel
    gatewayUrl
    pid
    minAmount
    maxAmount
    enabled
    updatedAt
  }
`);

export const AdminPaymentMethodsQuery = graphql(`
  query AdminPaymentMethods {
    adminPaymentMethods {
      ...AdminPaymentMethodFields
    }
  }
`);

export const CreatePaymentMethodMutation = graphql(`
  mutation CreatePaymentMethod($input: PaymentMethodInput!) {
    createPaymentMethod(input: $input) {
      ...AdminPaymentMethodFields
    }
  }
`);

export const UpdatePaymentMethodMutation = graphql(`
  mutation UpdatePaymentMethod($id: ID!, $input: PaymentMethodInput!) {
    updatePaymentMethod(id: $id, input: $input) {
      ...AdminPaymentMethodFields
    }
  }
`);

export const SetPaymentMethodEnabledMutation = graphql(`
  mutation SetPaymentMethodEnabled($id: ID!, $enabled: Boolean!) {
    setPaymentMethodEnabled(id: $id, enabled: $enabled) {
      ...AdminPaymentMethodFields
    }
  }
`);

export const AdminRechargeOrdersQuery = graphql(`
  query AdminRechargeOrders($page: Int, $pageSize: Int, $status: String, $search: String) {
    adminRechargeOrders(page: $page, pageSize: $pageSize, status: $status, search: $search) {
      total
      items {
        orderNo
        username
        methodName
        channel
        amount
        status
        tradeNo
        createdAt
        paidAt
      }
    }
  }
`);

graphql(`
  fragment AdminWithdrawalFields on Withdrawal {
    id
    withdrawNo
    userId
    username
    amount
    channel
    account
    realName
    status
    payoutRef
    reviewNote
    reviewedBy
    createdAt
    reviewedAt
  }
`);

export const AdminWithdrawalsQuery = graphql(`
  query AdminWithdrawals($page: Int!, $pageSize: Int!, $status: String, $search: String) {
    adminWithdrawals(page: $page, pageSize: $pageSize, status: $status, search: $search) {
      total
      items {
        ...AdminWithdrawalFields
      }
    }
  }
`);

/** How many requests wait for review (the tab's badge). */
export const PendingWithdrawalsCountQuery = graphql(`
  query PendingWithdrawalsCount {
    adminWithdrawals(status: "pending", page: 1, pageSize: 1) {
      total
    }
  }
`);

export const ApproveWithdrawalMutation = graphql(`
  mutation ApproveWithdrawal($id: ID!, $payoutRef: String) {
    approveWithdrawal(id: $id, payoutRef: $payoutRef) {
      ...AdminWithdrawalFields
    }
  }
`);

export const RejectWithdrawalMutation = graphql(`
  mutation RejectWithdrawal($id: ID!, $reason: String!) {
    rejectWithdrawal(id: $id, reason: $reason) {
      ...AdminWithdrawalFields
    }
  }
`);
