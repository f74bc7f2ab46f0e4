import { useEffect, useSyncExternalStore } from "react";
import { useApolloClient } from "@apollo/client/react";
import type { ApolloClient } from "@apollo/client";
import { contentCache } from "../../shared/contentCache";
import { SiteInfoQuery } from "./operations";
import { DEFAULT_SITE, siteTitle, withDefaults, type SiteChrome } from "./siteInfo";

const CACHE_SUB = "site";
let state: SiteChrome = withDefaults(contentCache.read<SiteChrome>("settings", CACHE_SUB));
let requested = false;
const listeners = new Set<() => void>();

function publish(next: SiteChrome): void {
  state = next;
  listeners.forEach((l) => l());
}

/** Reads the site settings once per visit; a failure keeps the cached or built-in values. */
function load(client: ApolloClient): void {
  if (requested) return;
  requested = true;
  client
    .query({ query: SiteInfoQuery, fetchPolicy: "no-cache" })
    .then(({ data }) => {
      if (!data) return;
      const next = withDefaults({ ...data.siteInfo, ...data.footer });
      contentCache.write("settings", next, data.contentVersions.settings, CACHE_SUB);
      publish(next);
    })
    .catch(() => undefined);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Site name, logo, SEO texts and footer, with the built-in defaults until (or unless) the server answers. */
export function useSiteInfo(): SiteChrome {
  const client = useApolloClient();
  useEffect(() => load(client), [client]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => DEFAULT_SITE,
  );
}

function setMeta(name: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * The document title: the site title (name - subtitle) on the home page, or "<page> - <site name>" on every other
 * page (each page names itself; the admin layout names its pages from the menu); the SEO description and keywords
 * from the settings.
 */
export function usePageTitle(page?: string | null): void {
  const site = useSiteInfo();
  useEffect(() => {
    document.title = page ? `${page} - ${site.siteName}` : siteTitle(site);
    setMeta("description", site.seoDescription);
    setMeta("keywords", site.seoKeywords);
  }, [page, site]);
}
