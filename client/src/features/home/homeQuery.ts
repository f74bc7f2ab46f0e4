import type { ApolloClient } from "@apollo/client";
import { catalogVariables, initialFilters } from "./homeState";
import { HomePageQuery } from "./operations";

/** The home page's one request for its first paint; the server picks the default category. */
function queryHomePage(client: ApolloClient) {
  return client.query({
    query: HomePageQuery,
    variables: { ...catalogVariables(initialFilters(null)), defaultCategory: true },
    fetchPolicy: "no-cache",
    errorPolicy: "all",
  });
}

type HomePageResult = ReturnType<typeof queryHomePage>;

let early: { client: ApolloClient; result: HomePageResult } | null = null;

/**
 * Sends the home page's request as soon as the entry runs on "/", before React's first render and the page's
 * effects: the data is on its way while the page is being built (HTML → entry → home query, nothing in between).
 */
export function prefetchHomePage(client: ApolloClient): void {
  const result = queryHomePage(client);
  result.catch(() => undefined); // whoever takes it handles the failure; unclaimed it is no error
  early = { client, result };
}

/** The early request for this client (taken once: a later visit to the home page asks again), else a new one. */
export function takeHomePage(client: ApolloClient): HomePageResult {
  const e = early;
  early = null;
  return e && e.client === client ? e.result : queryHomePage(client);
}
