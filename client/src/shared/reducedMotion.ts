import { useMediaQuery } from "./mediaQuery";

/** Whether the visitor's system asks for less motion (iOS 减弱动态效果, macOS, Windows); follows a change live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}
