import { Grid } from "antd";

/** Phone-sized screens (below antd's md, 768 px — the spec's mobile breakpoint): denser tables, no sticky actions. */
export function useCompact(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
}
