import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useSession } from "../features/auth/useSession";

const GuestPreviewPage = lazy(() => import("../pages/GuestPreviewPage"));

/**
 * Public pages whose content is the user's own (spec: /signature, /app-signature, /certificate/{id} are public): the
 * page for a logged-in user; for a guest, what it is and a login call to action (its code loaded only then).
 */
export function LoginPreview() {
  const { token } = useSession();
  if (token) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <GuestPreviewPage />
    </Suspense>
  );
}
