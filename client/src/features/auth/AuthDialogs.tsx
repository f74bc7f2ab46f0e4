import { lazy, Suspense, useEffect } from "react";
import { preloadOnFirstInput, useShownOnce } from "../../shared/ui/lazyShown";
import type { AuthDialogsController } from "./useAuthDialogs";

const loadSheets = () => import("./AuthSheets");
const AuthSheets = lazy(loadSheets);

/**
 * The login and register dialogs. Their forms and sheet come in a chunk of their own, fetched on the visitor's first
 * touch or key press (or on first open), so a guest's first view never loads them.
 */
export function AuthDialogs({ dialogs }: { dialogs: AuthDialogsController }) {
  const shown = useShownOnce(dialogs.open !== null);
  useEffect(() => preloadOnFirstInput(loadSheets), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AuthSheets dialogs={dialogs} />
    </Suspense>
  );
}
