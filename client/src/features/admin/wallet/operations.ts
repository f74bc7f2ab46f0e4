import { graphql } from "../../../gql";

/** The owner's view of an order (features/wallet's OrderFields) plus who placed it. */
graphql(`
  fragment AdminOrderFields on Order {
    ...OrderFields
    userId
    username
  }
`);

export const AdminOrdersQuery = graphql(`
  query AdminOrders($search: String, $status: String, $kind: String, $page: Int!, $pageSize: Int!) {
    adminOrders(search: $search, status: $status, kind: $kind, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminOrderFields
      }
    }
  }
`);

export const AdminRefundOrderMutation = graphql(`
  mutation AdminRefundOrder($id: ID!, $reason: String) {
    adminRefundOrder(id: $id, reason: $reason) {
      ...AdminOrderFields
    }
  }
`);

export const AdminSetOrderStatusMutation = graphql(`
  mutation AdminSetOrderStatus($id: ID!, $status: String!) {
    adminSetOrderStatus(id: $id, status: $status) {
      ...AdminOrderFields
    }
  }
`);

export const AdminLedgerQuery = graphql(`
  query AdminLedger(
    $user: String
    $type: String
    $orderNo: String
    $from: String
    $to: String
    $page: Int!
    $pageSize: Int!
  ) {
    adminLedger(user: $user, type: $type, orderNo: $orderNo, from: $from, to: $to, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...LedgerEntryFields
        userId
        username
      }
    }
  }
`);

export const AdminUserWalletQuery = graphql(`
  query AdminUserWallet($userId: ID!) {
    adminUserWallet(userId: $userId) {
      balance
    }
  }
`);

export const AdminAdjustWalletMutation = graphql(`
  mutation AdminAdjustWallet($userId: ID!, $amount: String!, $reason: String!) {
    adminAdjustWallet(userId: $userId, amount: $amount, reason: $reason) {
      balance
      amount
    }
  }
`);
