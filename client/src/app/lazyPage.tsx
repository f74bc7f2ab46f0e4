import { lazy, type ComponentType } from "react";

/** A route's page from its own chunk, loaded when the route first renders. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}
