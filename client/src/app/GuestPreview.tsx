import { lazy } from "react";
import { Outlet } from "react-router";
import { useSession } from "../features/auth/useSession";

// The guest's card is its own chunk: the home page's critical path carries only this switch.
const GuestPreview = lazy(() => import("./GuestPreviewCard"));

/** Public pages whose content is the user's own: the page for a logged-in user, what it is and a login call to action for a guest. */
export function LoginPreview() {
  const { token } = useSession();
  return token ? <Outlet /> : <GuestPreview />;
}
