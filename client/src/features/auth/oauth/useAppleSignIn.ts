import { useCallback, useEffect, useRef } from "react";
import { AppleCancelled, prepareApple, signInWithApple, type ApplePrepared } from "./appleSdk";
import type { CallbackOutcome } from "./api";

/** A state lives 10 minutes on the server; a prepared one older than this is replaced before use. */
const FRESH_MS = 5 * 60 * 1000;

/**
 * Sign in with Apple, prepared ahead (state, nonce and the SDK fetched while the button shows), so the click itself
 * opens Apple's window (browsers block popups opened after an await). Each attempt uses its state up; the next one
 * is prepared at once. `run` resolves null when the person closed Apple's window.
 */
export function useAppleSignIn(enabled: boolean, bind: boolean) {
  const prepared = useRef<Promise<ApplePrepared> | null>(null);
  const ready = useRef<ApplePrepared | null>(null);

  const prepare = useCallback(() => {
    ready.current = null;
    const p = prepareApple(bind);
    prepared.current = p;
    p.then(
      (v) => {
        if (prepared.current === p) ready.current = v;
      },
      () => undefined,
    );
    return p;
  }, [bind]);

  useEffect(() => {
    if (enabled) void prepare();
  }, [enabled, prepare]);

  const run = useCallback(async (): Promise<CallbackOutcome | null> => {
    const fresh = ready.current && Date.now() - ready.current.at < FRESH_MS ? ready.current : null;
    try {
      const p = fresh ?? (await (prepared.current && !ready.current ? prepared.current : prepare()));
      return await signInWithApple(p);
    } catch (e) {
      if (e instanceof AppleCancelled) return null;
      throw e;
    } finally {
      void prepare();
    }
  }, [prepare]);

  return run;
}
