import { graphql } from "../../gql";

export const RedeemCardKeyMutation = graphql(`
  mutation RedeemCardKey($code: String!) {
    redeemCardKey(code: $code) {
      kind
      amount
      balance
    }
  }
`);
