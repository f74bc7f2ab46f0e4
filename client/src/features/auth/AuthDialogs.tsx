import { lazy, Suspense, useEffect } from "react";
import { preloadWhenIdle, useShownOnce } from "../../shared/ui/lazyShown";
import type { AuthDialogsController } from "./useAuthDialogs";

const loadSheets = () => import("./AuthSheets");
const AuthSheets = lazy(loadSheets);

/**
 * The login and register dialogs. Their forms and sheet come in a chunk of their own, fetched when the browser is
 * idle after the first paint (or on first open), so they stay off the home page's critical path.
 */
export function AuthDialogs({ dialogs }: { dialogs: AuthDialogsController }) {
  const shown = useShownOnce(dialogs.open !== null);
  useEffect(() => preloadWhenIdle(loadSheets), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AuthSheets dialogs={dialogs} />
    </Suspense>
  );
}
