import { useSubscription } from "@apollo/client/react";
import { WalletChangedSubscription } from "../wallet/operations";

/**
 * The caller's balance, live: walletChanged sends it at once and again after every change (a top-up credited by
 * the gateway's notify, on any server). `socketDown` when the subscription failed (the page falls back to polling).
 */
export function useLiveBalance(onChange?: (change: { orderNo?: string | null; type?: string | null }) => void) {
  const live = useSubscription(WalletChangedSubscription, {
    onData: ({ data }) => {
      const c = data.data?.walletChanged;
      if (c && onChange) onChange(c);
    },
  });
  return { balance: live.data?.walletChanged.balance, socketDown: !!live.error };
}
