import { SourceAllowPrivate1765000200000 } from "./1765000200000-SourceAllowPrivate";
import { defineDomain, type SharedDeps } from "../module";
import type { AppsService } from "../apps/apps.service";
import type { SettingsService } from "../settings/settings.service";
import { fileColumns } from "../storage/file-references";
import { SoftwareSources1764500000000 } from "./1764500000000-SoftwareSources";
import { SourcesAllowPrivate1764500100000 } from "./1764500100000-SourcesAllowPrivate";
import { FeedLinks1764800100000 } from "./1764800100000-FeedLinks";
import { SoftwareSourcesResolver } from "./software-sources.resolver";
import { softwareSourcesRoutes } from "./software-sources.rest";
import { SoftwareSourcesService } from "./software-sources.service";
import { SourceFeedsService } from "./feeds.service";
import { SOFTWARE_SOURCES_ERRORS } from "./software-sources.errors";
import { SOFTWARE_SOURCES_JOBS } from "./software-sources.jobs";

/**
 * Software sources (软件源): AltStore / ESign / Scarlet documents subscribed by URL or uploaded, fetched by the
 * `sources.fetch` job (maintenance queue) with SSRF, size, time and redirect limits, indexed for browsing and
 * search; and our own catalogue published as AltStore and ESign sources (/sources/altstore.json, /sources/esign.json).
 */
export const softwareSourcesDomain = defineDomain({
  name: "software-sources",
  errors: { softwareSources: SOFTWARE_SOURCES_ERRORS },
  jobs: SOFTWARE_SOURCES_JOBS,
  processors: ({ softwareSources }) => ({
    "sources.refresh-due": () => softwareSources.refreshDue(),
    "sources.fetch": (job, ctx) => softwareSources.fetchSource(job.data.sourceId, ctx.signal),
  }),
  permission: "catalogue",
  migrations: [
    SoftwareSources1764500000000,
    SourcesAllowPrivate1764500100000,
    FeedLinks1764800100000,
    SourceAllowPrivate1765000200000,
  ],
  resolvers: [SoftwareSourcesResolver],
  routes: softwareSourcesRoutes,
  // The admin may point a source's icon at an uploaded image; the document's and the apps' icons are external links,
  // listed so that a link that happens to name one of our uploads keeps it.
  storedFiles: fileColumns({ software_sources: ["icon_url", "doc_icon_url"], software_source_apps: ["icon_url"] }),
  services: ({
    db,
    jobs,
    config,
    rateCounter,
    settings,
    apps,
  }: SharedDeps & { settings: SettingsService; apps: AppsService }) => ({
    softwareSources: new SoftwareSourcesService(db, jobs, rateCounter, config.sources),
    sourceFeeds: new SourceFeedsService(db, settings, apps, rateCounter, config.jwtSecret),
  }),
});
