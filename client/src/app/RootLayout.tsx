import { Outlet } from "react-router";
import { ThemeController } from "../features/theme/ThemeController";

/** Everything under the router: the theme on :root, then the page. */
export function RootLayout() {
  return (
    <>
      <ThemeController />
      <Outlet />
    </>
  );
}
