import { createRoot, type Root } from "react-dom/client";
import { unstableSetRender } from "antd-mobile";

/**
 * antd-mobile's imperative Toast and Dialog render through React 19's root API. Every module that shows them
 * imports this file for its effect, so the setting (and antd-mobile's legacy render helper it replaces) loads with
 * those modules, off the home page's critical path.
 */
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(host);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
  };
});
