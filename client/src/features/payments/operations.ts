import { graphql } from "../../gql";

/** The caller's balance now, then after every change of it (a credited top-up included). */
export const RechargeBalanceSubscription = graphql(`
  subscription RechargeBalance {
    walletChanged {
      balance
      amount
      type
      orderNo
    }
  }
`);
