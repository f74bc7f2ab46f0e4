import { useState } from "react";

/**
 * The create / edit modal of a list: `current` is null while closed, `{ item: null }` when creating and
 * `{ item }` when editing; `saved` closes it and reloads the list.
 */
export function useEditor<T>(reload: () => unknown) {
  const [current, setCurrent] = useState<{ item: T | null } | null>(null);
  return {
    current,
    open: (item: T | null) => setCurrent({ item }),
    close: () => setCurrent(null),
    saved: () => {
      setCurrent(null);
      void reload();
    },
  };
}
