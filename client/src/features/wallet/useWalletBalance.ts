import { useQuery, useSubscription } from "@apollo/client/react";
import { MyWalletQuery, WalletChangedSubscription } from "./operations";

/** Polling only while the live subscription is down. */
const FALLBACK_POLL_MS = 15_000;

/**
 * The caller's balance, live: `walletChanged` gives it at once and again after every change (a purchase, a top-up
 * credited by the payment callback, an admin's adjustment); while the socket is down it is polled over HTTP.
 * `changeKey` moves with each change, for lists that should reload; `socketDown` says the live feed failed (pages that
 * follow something else, such as an order, poll it meanwhile).
 */
export function useWalletBalance() {
  const live = useSubscription(WalletChangedSubscription);
  const socketDown = !!live.error;
  const polled = useQuery(MyWalletQuery, {
    pollInterval: socketDown ? FALLBACK_POLL_MS : 0,
    skip: !!live.data && !socketDown,
    fetchPolicy: "network-only",
  });
  const balance =
    (socketDown ? polled.data?.myWallet.balance : live.data?.walletChanged.balance) ??
    polled.data?.myWallet.balance ??
    null;
  const error = polled.error ?? (live.error && !polled.data ? live.error : undefined);
  const c = live.data?.walletChanged;
  return { balance, error, socketDown, changeKey: c ? `${String(c.at)}:${c.balance}` : "" };
}
