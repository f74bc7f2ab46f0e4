import { lazy, Suspense, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { session } from "../../shared/session";
import { selectedDevice, tipMayShow } from "./flow";

// The tip (its dialog, progress and device check) loads only on a page where it may show.
const UdidTip = lazy(() => import("./UdidTip"));

/**
 * Decides, without loading anything, whether the UDID tip may show on this page (logged in, not an excluded path,
 * not dismissed here this session, or forced by ?forceUdidTip=1|true), or whether a guest capture waits to be
 * attached to the account that just logged in; only then loads the tip.
 */
export function UdidTipGate() {
  const { pathname, search } = useLocation();
  const { token } = useSyncExternalStore(session.subscribe, session.get, session.get);
  const show = tipMayShow(pathname, search, Boolean(token));
  const pending =
    Boolean(token) &&
    (() => {
      const d = selectedDevice();
      return Boolean(d?.session && !d.attached);
    })();
  if (!show && !pending) return null;
  return (
    <Suspense fallback={null}>
      <UdidTip key={pathname} pathname={pathname} search={search} show={show} />
    </Suspense>
  );
}
