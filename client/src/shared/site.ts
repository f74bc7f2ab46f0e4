/** Built-in site identity, used whenever the site settings give no name. */
export const SITE_NAME = "果仁应用";
