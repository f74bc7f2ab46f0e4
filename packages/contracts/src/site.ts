/** The built-in site name, until an admin sets one (settings row "site"); the client's SITE_NAME is the same. */
export const DEFAULT_SITE_NAME = "果仁应用";
