import { ApolloProvider } from "@apollo/client/react";
import { RouterProvider } from "react-router";
import { createApolloClient } from "./apollo";
import { createRouter } from "./router";

const apolloClient = createApolloClient();
const router = createRouter();

export function App() {
  return (
    <ApolloProvider client={apolloClient}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
