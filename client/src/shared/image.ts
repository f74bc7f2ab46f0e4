export const DEFAULT_APP_ICON = "/uploads/default-app-icon.png";

/**
 * Image and icon paths (spec section 5): http(s), protocol-relative and /uploads paths are
 * kept, a leading "uploads/" gets a slash, anything else is placed under /uploads/.
 */
export function normalizeImagePath(value: string | null | undefined, fallback: string = DEFAULT_APP_ICON): string {
  const path = value?.trim();
  if (!path) return fallback;
  if (path.startsWith("http") || path.startsWith("//") || path.startsWith("/uploads")) return path;
  if (path.startsWith("uploads/")) return `/${path}`;
  return `/uploads/${path.replace(/^\/+/, "")}`;
}
