import { graphql } from "../../../gql";

graphql(`
  fragment AdminCardKeyBatchFields on CardKeyBatch {
    id
    kind
    amount
    count
    prefix
    expiresAt
    disabled
    createdBy
    createdAt
    redeemedCount
    disabledCount
  }
`);

export const AdminCardKeyBatchesQuery = graphql(`
  query AdminCardKeyBatches($page: Int, $pageSize: Int) {
    adminCardKeyBatches(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminCardKeyBatchFields
      }
    }
  }
`);

export const AdminCardKeysQuery = graphql(`
  query AdminCardKeys($batchId: ID!, $page: Int, $pageSize: Int) {
    adminCardKeys(batchId: $batchId, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        hint
        status
        disabled
        redeemedBy
        redeemedByUsername
        redeemedAt
      }
    }
  }
`);

export const GenerateCardKeysMutation = graphql(`
  mutation GenerateCardKeys($input: GenerateCardKeysInput!) {
    generateCardKeys(input: $input) {
      batchId
      codes
      batch {
        ...AdminCardKeyBatchFields
      }
    }
  }
`);

export const SetCardKeyBatchDisabledMutation = graphql(`
  mutation SetCardKeyBatchDisabled($id: ID!, $disabled: Boolean!) {
    setCardKeyBatchDisabled(id: $id, disabled: $disabled) {
      ...AdminCardKeyBatchFields
    }
  }
`);

export const SetCardKeyDisabledMutation = graphql(`
  mutation SetCardKeyDisabled($id: ID!, $disabled: Boolean!) {
    setCardKeyDisabled(id: $id, disabled: $disabled) {
      id
      status
      disabled
    }
  }
`);
