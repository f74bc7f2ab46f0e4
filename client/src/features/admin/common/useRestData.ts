import { useCallback, useEffect, useState } from "react";
import { api } from "../../../shared/request";

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * A REST read for admin pages that use the /api facade (email management, debug-auth): the envelope's data, the
 * error, and `reload`. A later answer replaces an earlier one only if it belongs to the latest request.
 */
export function useRestData<T>(path: string | null, query?: Query) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: !!path });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api
      .get<T>(path, JSON.parse(key) as Query)
      .then((r) => live && setState({ data: r.data, loading: false }))
      .catch((error: unknown) => live && setState((s) => ({ data: s.data, error, loading: false })));
    return () => {
      live = false;
    };
  }, [path, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
