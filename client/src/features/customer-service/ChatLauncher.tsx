import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { whenIdle } from "../../shared/whenIdle";

const ChatWidget = lazy(() => import("./ChatWidget"));

/**
 * The customer-service widget on every non-admin page. Its code (and the settings request) load once the page
 * is idle, so the home page's critical path does not carry it; hidden on /admin paths.
 */
export function ChatLauncher() {
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready || pathname === "/admin" || pathname.startsWith("/admin/")) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
