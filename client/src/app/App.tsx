import { ApolloProvider } from "@apollo/client/react";
import { BrowserRouter } from "react-router";
import { createApolloClient } from "./apollo";
import { AppRoutes } from "./router";

const apolloClient = createApolloClient();

export function App() {
  return (
    <ApolloProvider client={apolloClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ApolloProvider>
  );
}
