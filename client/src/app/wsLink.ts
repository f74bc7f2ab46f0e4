import { ApolloLink } from "@apollo/client";
import { Observable } from "rxjs";
import type { Client } from "graphql-ws";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { session } from "../shared/session";

/** Close code the server sends when the socket's session ended (logout elsewhere, account disabled, demoted). */
const SESSION_ENDED = 4401;

/** Exponential back-off with jitter: about 1 s, 2 s, 4 s … up to 30 s, each between half and one and a half times that. */
export function retryDelayMs(retries: number, random = Math.random): number {
  return Math.min(1000 * 2 ** retries, 30_000) * (0.5 + random());
}

/** ws(s)://host/graphql for the page's own origin. */
function socketUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${path}`;
}

let socketUp = false;
const socketListeners = new Set<(up: boolean) => void>();
function setSocketUp(up: boolean): void {
  if (socketUp === up) return;
  socketUp = up;
  socketListeners.forEach((l) => l(up));
}

/**
 * Whether the subscription socket is connected (acknowledged by the server) right now. Features that fall back to
 * polling while it is down (the chat widget) watch it.
 */
export const wsStatus = {
  get: (): boolean => socketUp,
  subscribe(listener: (up: boolean) => void): () => void {
    socketListeners.add(listener);
    return () => socketListeners.delete(listener);
  },
};

/**
 * Subscriptions over graphql-ws (GraphQLWsLink). Nothing is loaded or connected until the first subscription:
 * `graphql-ws` and the link are imported then, so pages without live data (the home page) never pay for them.
 * The token goes in connectionParams; logging in or out reconnects with the new one. A dropped socket reconnects
 * with exponential back-off and jitter; a socket closed because its session ended expires the local session.
 */
export function createLazyWsLink(path = "/graphql"): ApolloLink {
  let ready: Promise<{ link: ApolloLink; client: Client }> | null = null;
  let token = session.get().token;

  const load = () =>
    (ready ??= import("graphql-ws").then(({ createClient }) => {
      const client = createClient({
        url: socketUrl(path),
        lazy: true,
        lazyCloseTimeout: 3000,
        keepAlive: 20_000,
        connectionParams: () => {
          token = session.get().token;
          return token ? { authorization: `Bearer ${token}` } : {};
        },
        retryAttempts: Infinity,
        retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
        // Network trouble is retried; graphql-ws itself gives up on fatal close codes (4401, 4400, 4403 …).
        shouldRetry: () => true,
        on: {
          connected: () => setSocketUp(true),
          closed: (event) => {
            setSocketUp(false);
            // Only when the ended session is still this page's (not one replaced by a new login meanwhile).
            if ((event as { code?: number } | undefined)?.code === SESSION_ENDED && session.get().token === token)
              session.expire();
          },
        },
      });
      // Another account (or none) now: subscriptions start again on a socket with the new token.
      session.subscribe(() => {
        if (session.get().token !== token) client.terminate();
      });
      return { link: new GraphQLWsLink(client), client };
    }));

  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let inner: { unsubscribe(): void } | null = null;
        let stopped = false;
        load().then(
          ({ link }) => {
            if (stopped) return;
            const result = link.request(operation, () => {
              throw new Error("GraphQLWsLink is a terminating link");
            });
            inner = result.subscribe(observer);
          },
          (e) => observer.error(e),
        );
        return () => {
          stopped = true;
          inner?.unsubscribe();
        };
      }),
  );
}
