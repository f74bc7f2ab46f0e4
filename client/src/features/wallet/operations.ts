import { graphql } from "../../gql";

export const MyWalletQuery = graphql(`
  query MyWallet {
    myWallet {
      balance
    }
  }
`);

export const WalletChangedSubscription = graphql(`
  subscription WalletChanged {
    walletChanged {
      balance
      amount
      type
      orderNo
      at
    }
  }
`);

/** One wallet change as the owner sees it. */
graphql(`
  fragment LedgerEntryFields on LedgerEntry {
    id
    type
    amount
    balanceAfter
    orderNo
    note
    createdAt
  }
`);

export const MyWalletTransactionsQuery = graphql(`
  query MyWalletTransactions($type: String, $page: Int!, $pageSize: Int!) {
    myWalletTransactions(type: $type, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...LedgerEntryFields
      }
    }
  }
`);

graphql(`
  fragment OrderFields on Order {
    id
    orderNo
    kind
    itemId
    itemName
    amount
    status
    payMethod
    createdAt
    paidAt
    fulfilledAt
    closedAt
    refundedAt
    refundReason
    payable
  }
`);

export const MyOrdersQuery = graphql(`
  query MyOrders($status: String, $kind: String, $page: Int!, $pageSize: Int!) {
    myOrders(status: $status, kind: $kind, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...OrderFields
      }
    }
  }
`);

export const MyOrderQuery = graphql(`
  query MyOrder($ref: String!) {
    myOrder(ref: $ref) {
      ...OrderFields
    }
  }
`);

export const BuyItemMutation = graphql(`
  mutation BuyItem($kind: CatalogKind!, $id: ID!) {
    buyItem(kind: $kind, id: $id) {
      id
      orderNo
      status
    }
  }
`);

/** The traffic fee of a download, shown before charging. */
export const DownloadQuoteQuery = graphql(`
  query DownloadQuote($kind: CatalogKind!, $id: ID!) {
    downloadQuote(kind: $kind, id: $id) {
      fee
      rule
      fileSize
      quoteId
    }
  }
`);

/** Pays a quote's traffic fee (once per quote) and returns the download grant. */
export const ConfirmDownloadMutation = graphql(`
  mutation ConfirmDownload($quoteId: String!) {
    confirmDownload(quoteId: $quoteId) {
      token
      fee
      orderNo
      expiresAt
      charged
    }
  }
`);

/** One withdrawal request as its owner sees it. */
graphql(`
  fragment WithdrawalFields on Withdrawal {
    id
    withdrawNo
    amount
    channel
    account
    realName
    status
    payoutRef
    reviewNote
    createdAt
    reviewedAt
  }
`);

/** The caller's withdrawal requests (newest first) and the yuan frozen in the pending ones. */
export const MyWithdrawalsQuery = graphql(`
  query MyWithdrawals($page: Int!, $pageSize: Int!) {
    myFrozenBalance
    myWithdrawals(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...WithdrawalFields
      }
    }
  }
`);

export const RequestWithdrawalMutation = graphql(`
  mutation RequestWithdrawal($input: WithdrawInput!) {
    requestWithdrawal(input: $input) {
      ...WithdrawalFields
    }
  }
`);

/** The enabled methods a pending order can be paid through at a gateway. */
export const PaymentMethodsQuery = graphql(`
  query PaymentMethods {
    paymentMethods {
      id
      name
      channel
      minAmount
      maxAmount
    }
  }
`);

/** Pays a pending order: "wallet" pays from the balance now; a method id answers the gateway page to go to. */
export const PayOrderMutation = graphql(`
  mutation PayOrder($orderNo: String!, $method: String!) {
    payOrder(orderNo: $orderNo, method: $method) {
      paid
      order {
        ...OrderFields
      }
      payment {
        orderNo
        payUrl
      }
    }
  }
`);
