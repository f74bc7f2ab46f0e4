import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { isUnauthenticated } from "../shared/graphqlError";
import { session } from "../shared/session";
import { LOCAL_KEYS, readItem } from "../shared/storage";
import { createLazyWsLink } from "./wsLink";

/**
 * Bearer token from local storage on every operation. The login also carries the chat's guest id (X-Guest-Id), so
 * the guest's customer-service conversation joins the account.
 */
const authLink = new SetContextLink((prev, operation) => {
  const { token } = session.get();
  const guestId = operation.operationName === "Login" ? readItem("local", LOCAL_KEYS.csGuestId) : null;
  if (!token && !guestId) return {};
  return {
    headers: {
      ...prev.headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(guestId ? { "x-guest-id": guestId } : {}),
    },
  };
});

/** A 401 / UNAUTHENTICATED answer removes the token; the route guards then redirect. */
const expiryLink = new ErrorLink(({ error }) => {
  if (isUnauthenticated(error)) session.expire();
});

/** Subscriptions go over the WebSocket (connected on first use), everything else over HTTP. */
export function createApolloClient(uri = "/graphql"): ApolloClient {
  const http = ApolloLink.from([authLink, new HttpLink({ uri })]);
  const isSubscription = (op: ApolloLink.Operation) => op.operationType === "subscription";
  return new ApolloClient({
    link: ApolloLink.from([expiryLink, ApolloLink.split(isSubscription, createLazyWsLink(uri), http)]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: {
        fetchPolicy: "cache-and-network",
        // A page's queries are never deduplicated: a refetch after a write must reach the server, and deduplicated onto
        // an identical query still in flight (the page's first load on a slow connection) it would take that older
        // answer, without the write. Few queries are shared by components that mount together, so this costs little.
        // Subscriptions are still shared.
        context: { queryDeduplication: false },
      },
    },
  });
}
