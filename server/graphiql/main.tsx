// GraphiQL served by the server at GET /graphql (browsers only), bundled by ./vite.config.ts: no CDN, works offline.
import "./workers";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher, type Fetcher } from "@graphiql/toolkit";
import { Kind, parse, print, type SelectionSetNode } from "graphql";
import { createClient } from "graphql-ws";
// graphiql/style.css is these four plus a second copy of Monaco's CSS (Monaco's own modules import it here) and
// ~360 kB of inlined Roboto / Fira Code fonts (see ./graphiql.css for the fonts used instead).
import "@graphiql/react/style.css";
import "@graphiql/plugin-doc-explorer/style.css";
import "@graphiql/plugin-history/style.css";
import "graphiql/graphiql.css";
import "./graphiql.css";

/** The token the client app stores after login (same origin, so same localStorage). */
const token = (): string | null => {
  try {
    return localStorage.getItem("auth_token");
  } catch {
    return null;
  }
};

const httpUrl = new URL("/graphql", location.href).href;
const wsUrl = httpUrl.replace(/^http/, "ws");

/** Adds `Authorization: Bearer <auth_token>` unless the headers editor already sets one; read per request. */
const authFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  const t = token();
  if (t && !headers.has("authorization")) headers.set("authorization", `Bearer ${t}`);
  return fetch(input, { ...init, headers });
};

const baseFetcher = createGraphiQLFetcher({
  url: httpUrl,
  fetch: authFetch,
  // Subscriptions over graphql-ws on the same path; connects lazily, on the first subscription.
  wsClient: createClient({
    url: wsUrl,
    lazy: true,
    connectionParams: () => {
      const t = token();
      return t ? { authorization: `Bearer ${t}` } : {};
    },
  }),
});

/**
 * The server rejects operations nested deeper than 10 fields, introspection included
 * (server/src/graphql/depth-limit.ts), and GraphiQL's introspection query follows `ofType` 9 levels deep: depth 15.
 * Its deepest path is __schema > types > fields > args > type (5), then each `ofType` level adds one, plus the leaf
 * fields: 4 levels keep it at 10 and still describe wrappers like [[Foo!]]! (NON_NULL > LIST > LIST > NON_NULL > Foo).
 */
const INTROSPECTION_TYPE_DEPTH = 4;

function limitTypeRefDepth(query: string, levels: number): string {
  const cut = (set: SelectionSetNode, level: number): SelectionSetNode => ({
    ...set,
    selections: set.selections.flatMap((sel) => {
      if (sel.kind !== Kind.FIELD || sel.name.value !== "ofType") return [sel];
      if (level >= levels) return [];
      return [{ ...sel, selectionSet: sel.selectionSet && cut(sel.selectionSet, level + 1) }];
    }),
  });
  try {
    const doc = parse(query);
    return print({
      ...doc,
      definitions: doc.definitions.map((def) =>
        def.kind === Kind.FRAGMENT_DEFINITION && def.name.value === "TypeRef"
          ? { ...def, selectionSet: cut(def.selectionSet, 0) }
          : def,
      ),
    });
  } catch {
    return query;
  }
}

const fetcher: Fetcher = (params, opts) =>
  baseFetcher(
    params.operationName === "IntrospectionQuery"
      ? { ...params, query: limitTypeRefDepth(params.query, INTROSPECTION_TYPE_DEPTH) }
      : params,
    opts,
  );

const DEFAULT_QUERY = `# 果仁应用 GraphQL API
# Ctrl-Enter 或点击 ▶ 运行查询。
# 已登录时自动携带令牌（localStorage 中的 auth_token）。

{
  healthy
}
`;

createRoot(document.getElementById("graphiql")!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY}>
      <GraphiQL.Logo>果仁应用 · GraphiQL</GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
