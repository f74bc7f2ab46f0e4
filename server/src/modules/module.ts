import type { DataSource, MigrationInterface } from "typeorm";
import type { Config } from "../config";
import type { RateCounter } from "../common/rate-limit";
import type { EventBus, JobProcessors } from "@gryx/platform";
import { registerJobs, type JobDefs } from "@gryx/contracts/jobs";
import { registerEventTopics, type EventTopic } from "@gryx/contracts/events";
import { registerErrors } from "../common/errors";
import type { ErrorTable } from "../common/error-table";
import type { JobQueue } from "../jobs/enqueue";
import type { RouteDef } from "../rest/router";
import type { CatalogKind } from "./catalog/catalog.types";
import type { ContentKind } from "./content-versions/content-kinds";
import type { PurchaseKind, PriceSource, PurchasableKinds } from "./purchases/purchase-kinds";
import type { DomainStoredFiles, StoredFiles } from "./storage/file-references";
import type { StaffPermission } from "../graphql/staff-permissions";

/**
 * What every domain's service factory gets besides the services of the domains it depends on: the process-wide
 * resources, and the two registries that ask every domain (stored files, purchasable kinds).
 */
export interface SharedDeps {
  config: Config;
  db: DataSource;
  jobs: JobQueue;
  /** Publish/subscribe across processes (PostgreSQL LISTEN/NOTIFY or Redis). */
  events: EventBus;
  rateCounter: RateCounter;
  /** The content kinds every domain declares. */
  contentKinds: readonly ContentKind[];
  /** Whether any domain still references a stored file (its `storedFiles`); the storage service asks it. */
  storedFiles: StoredFiles;
  /** Filled once every service exists: each purchasable domain's price source, by kind. */
  purchasables: PurchasableKinds;
  /** Every REST route with its access level as enforced (domain permissions applied), for /admin/debug-auth. */
  restRoutes: readonly Pick<RouteDef, "method" | "path" | "access">[];
}

/**
 * Columns of one table that hold values sealed with the keyring (config.secrets), so `npm run secrets:rotate`
 * (db/rotate-secrets.ts) finds every one: column name → the purpose it was sealed with. `keyIdColumn`, when the
 * table records the key id beside its secrets, is set to the current key's id when the row is re-sealed.
 */
export interface SealedColumns {
  table: string;
  /** Primary key column (default "id"). */
  idColumn?: string;
  columns: Readonly<Record<string, string>>;
  keyIdColumn?: string;
}

/** A TypeORM migration class. */
type MigrationClass = new () => MigrationInterface;

/**
 * One domain, as the application sees it: everything the server needs from the folder `modules/<name>`.
 * `Need` is what its service factory takes from the domains listed before it; `Gives` the services it adds to
 * `Services` (typed, so resolvers and REST handlers get `services.apps` etc. with their class types).
 */
export interface DomainModule<Need extends object = object, Gives extends object = object> {
  name: string;
  /**
   * Its error tables by group name (usually one, named after the domain): every code with its HTTP status and Chinese
   * message. Its `<domain>.errors.ts` also adds each group to `ErrorCodeGroups` of @gryx/contracts/error-codes.
   */
  errors?: Readonly<Record<string, ErrorTable>>;
  /**
   * Jobs it declares (name → queue and options), registered in @gryx/contracts/jobs; their payload and result types
   * are added to `JobPayloads`/`JobResults` there by a `declare module` block in its folder. Jobs the worker runs or
   * enqueues stay in packages/contracts/src/jobs.ts (both processes need them).
   */
  jobs?: JobDefs;
  /** Processors of the maintenance-queue jobs it runs on the server (its own, or a contract job such as mall.refund). */
  processors?: (services: Gives) => JobProcessors<object>;
  /**
   * Event topics it declares, registered in @gryx/contracts/events (GraphQL subscriptions accept only registered
   * topics); their payload types are added to `EventPayloads` there by a `declare module` block in its folder.
   */
  events?: readonly EventTopic[];
  /**
   * Its own migrations (files in its folder). The history up to the site-content release stays in db/migrations;
   * TypeORM runs all of them in timestamp order.
   */
  migrations?: readonly MigrationClass[];
  /** type-graphql resolver classes. */
  resolvers?: readonly Function[];
  /**
   * The staff permission that guards its back office: every REST route and GraphQL field it declares "admin" needs
   * this permission instead (full admins keep everything). Without one, its admin entry points stay full-admin only.
   * An entry point that belongs to another group declares `perm:<that group>` itself.
   */
  permission?: StaffPermission;
  /** Its REST facades under /api, in match order. */
  routes?: readonly RouteDef[];
  /** Builds its services from the shared deps and the services of the domains it needs. */
  services?: (deps: SharedDeps & Need) => Gives;
  /**
   * Which of the given stored files (public URLs like `/uploads/icons/<hex>.png`, or private keys) its rows still
   * point at. The unused-upload sweep and the "remove the replaced icon" paths ask every domain: a domain that
   * stores a file without answering here loses it to the sweep.
   */
  storedFiles?: DomainStoredFiles;
  /** Every column holding a sealed secret (see SealedColumns); a sealed column missing here is never rotated. */
  sealed?: readonly SealedColumns[];
  /** Kinds of public content whose version its admin changes bump (the client drops its cache of a moved kind). */
  contentKinds?: readonly ContentKind[];
  /** Users buy its items under this kind; `source` picks the service that knows an item's price. */
  purchasable?: {
    kind: PurchaseKind;
    catalogKind: CatalogKind;
    notFound: string;
    source: (services: Gives) => PriceSource;
  };
}

/**
 * Registers what a listed domain declares in the process-wide registries: its error tables, jobs and event topics.
 * Idempotent for the same manifest; a code, job or group another domain already declared throws.
 */
function register(m: DomainModule<any, any>): void {
  for (const [group, table] of Object.entries(m.errors ?? {})) registerErrors(group, table);
  if (m.jobs) registerJobs(m.jobs);
  if (m.events) registerEventTopics(m.events);
}

/** Declares a domain; the type parameters come from the service factory's parameter and result. */
export function defineDomain<Need extends object = object, Gives extends object = object>(
  m: DomainModule<Need, Gives>,
): DomainModule<Need, Gives> {
  return m;
}

/**
 * The ordered list of domains. `add` accepts a domain only when every service its factory needs is given by a
 * domain added before it, so the order in modules/index.ts is checked by the compiler; `Have` is the services so far.
 * Adding a domain registers its errors, jobs and event topics (see `register`).
 */
export class DomainList<Have extends object = object> {
  private constructor(readonly modules: readonly DomainModule<any, any>[]) {}

  static empty(): DomainList {
    return new DomainList([]);
  }

  add<Gives extends object>(m: DomainModule<Have, Gives>): DomainList<Have & Gives> {
    if (this.modules.some((d) => d.name === m.name)) throw new Error(`domain ${m.name} listed twice`);
    register(m);
    return new DomainList<Have & Gives>([...this.modules, m]);
  }
}

/** The services a domain list gives. */
export type ServicesOf<L> = L extends DomainList<infer S> ? S : never;
