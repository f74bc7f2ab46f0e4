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
export const LedgerEntryFields = graphql(`
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

export const OrderFields = graphql(`
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
