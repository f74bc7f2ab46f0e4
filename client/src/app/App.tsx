import { prefetchHomePage } from "../features/home/homeQuery";
import { createApolloClient } from "./apollo";
import { AppProviders } from "./AppProviders";
import { PATHS } from "./paths";
import { AppRoutes } from "./router";

const apolloClient = createApolloClient();
// A first load of the home page asks for its data right away, while React builds the page.
if (window.location.pathname === PATHS.home) prefetchHomePage(apolloClient);

export function App() {
  return (
    <AppProviders client={apolloClient}>
      <AppRoutes />
    </AppProviders>
  );
}
