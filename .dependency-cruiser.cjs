// The import table of docs/ARCHITECTURE.md ("The rooms and what each may import"), checked on every `npm run lint`
// (npm run lint:deps). A forbidden edge fails the build. Workspace packages are followed to their sources, so
// `@gryx/apple/macho` counts as packages/apple and `@gryx/worker/dist/x` as the worker's dist.
/** @type {import('dependency-cruiser').IConfiguration} */
const room = {
  contracts: "^packages/contracts/",
  platform: "^packages/platform/",
  apple: "^packages/apple/",
  store: "^packages/store/",
  server: "^server/",
  worker: "^worker/",
  client: "^client/",
};
const dist = "^(packages/[^/]+|server|worker|client)/dist/";

module.exports = {
  forbidden: [
    {
      name: "server-never-worker",
      comment: "The server and the worker talk through @gryx/contracts (jobs, events), never by importing each other.",
      severity: "error",
      from: { path: room.server },
      to: { path: room.worker },
    },
    {
      name: "worker-never-server",
      comment: "The server and the worker talk through @gryx/contracts (jobs, events), never by importing each other.",
      severity: "error",
      from: { path: room.worker },
      to: { path: room.server },
    },
    {
      name: "packages-never-apps",
      comment: "Shared packages are imported by the apps, never the other way round.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: [room.server, room.worker, room.client] },
    },
    {
      name: "contracts-imports-nothing",
      comment: "@gryx/contracts is types and constants only: it imports no other room.",
      severity: "error",
      from: { path: room.contracts },
      to: { path: "^packages/", pathNot: room.contracts },
    },
    {
      name: "platform-only-contracts",
      comment: "@gryx/platform may import @gryx/contracts, no other package.",
      severity: "error",
      from: { path: room.platform },
      to: { path: "^packages/", pathNot: [room.platform, room.contracts] },
    },
    {
      name: "apple-imports-nothing",
      comment: "@gryx/apple stands alone (Apple formats): no contracts, platform or store.",
      severity: "error",
      from: { path: room.apple },
      to: { path: "^packages/", pathNot: room.apple },
    },
    {
      name: "store-only-contracts-platform",
      comment: "@gryx/store (data access shared by server and worker) may import contracts and platform only.",
      severity: "error",
      from: { path: room.store },
      to: { path: "^packages/", pathNot: [room.store, room.contracts, room.platform] },
    },
    {
      name: "client-only-its-own",
      comment:
        "The client talks to the server over HTTP/WebSocket: it imports its own code, its generated client/src/gql " +
        "and @gryx/contracts' error-code list, ledger kinds and order states (shared texts), nothing of the server, worker or other " +
        "packages.",
      severity: "error",
      from: { path: room.client },
      to: {
        path: ["^server/", "^worker/", "^packages/"],
        pathNot: "^packages/contracts/src/(error-codes|ledger|orders)\\.ts$",
      },
    },
    {
      name: "no-other-rooms-dist",
      comment: "Import a room by its package name or source, never its build output (another room's dist/).",
      severity: "error",
      from: { pathNot: dist },
      to: { path: dist },
    },
    {
      name: "no-unresolvable",
      comment: "Every import resolves (a typo or a missing dependency fails here before it fails at run time).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-runtime-cycles",
      comment: "No import cycle between modules at run time (type-only imports may go both ways).",
      severity: "error",
      from: { path: "^(packages/[^/]+/src|server/src|worker/src)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    // Build output is a target to be caught importing, not a place to look into.
    doNotFollow: { path: ["node_modules", "(^|/)dist/"] },
    exclude: { path: ["^client/src/gql/", "\\.d\\.ts$"] },
    includeOnly: "^(packages|server|worker|client|tests)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.deps.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
