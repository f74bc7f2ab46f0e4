// GraphiQL served by the server at GET /graphql (browsers only), bundled by ./vite.config.ts: no CDN, works offline.
import "./workers";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { createClient } from "graphql-ws";
// graphiql/style.css would also carry monaco's CSS (already imported by monaco's own modules here) and ~360 kB of
// inlined Roboto/Fira Code fonts; these two are the GraphiQL styles proper. Fonts fall back to the system ones.
import "@graphiql/react/style.css";
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

const fetcher = createGraphiQLFetcher({
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

const DEFAULT_QUERY = `# 果仁应用 GraphQL API
#
# 按 Ctrl-Enter（或点击运行按钮）执行查询。
# 登录后客户端保存的令牌（localStorage auth_token）会自动作为
# Authorization: Bearer 请求头发送，订阅也通过 graphql-ws 同样鉴权。

{
  healthy
}
`;

createRoot(document.getElementById("graphiql")!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
  </StrictMode>,
);
