import { useMediaQuery } from "../../../shared/mediaQuery";

/** Phone-sized screens (below antd's md, 768 px — the spec's mobile breakpoint): denser tables, no sticky actions. */
export function useCompact(): boolean {
  return useMediaQuery("(max-width: 767.98px)");
}
