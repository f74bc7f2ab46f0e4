/**
 * Every route of spec section 2. Paths listed here without a page of their own yet are
 * registered to the 404 page until the issue that builds them lands.
 */

/** Public routes whose pages later issues build. */
export const PUBLIC_PENDING = [] as const;

/** Login-required routes whose pages later issues build (/profile, /management, /temp-certificates exist). */
export const LOGIN_PENDING = [] as const;

/** Admin children (under /admin) whose pages later issues build (dashboard and users exist). */
export const ADMIN_PENDING = [] as const;
