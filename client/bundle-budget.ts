import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Build check of the home page's critical path: the entry chunk, the chunk holding the home page and every chunk
 * they import statically (what index.html loads or modulepreloads). It prints each chunk's gzipped size, writes
 * the figures to `.vite/critical-path.json` in the output (read by `npm run bench:lighthouse`), and fails the build
 * when the JavaScript exceeds the budget, when any admin module (back-office pages, antd) ends up on that path, or,
 * with `eager`, when the home page's code is a lazy chunk: one more round trip before its query can start.
 */
interface Options {
  /** The page module whose code is on the critical path. */
  page: RegExp;
  /** The page's HTML (an entry of the build, e.g. index.html): its entry chunk counts; without it, every entry does. */
  entry?: RegExp;
  /** Gzipped JavaScript budget in bytes. */
  maxGzipBytes: number;
  /** Modules that must never be on the path. */
  forbidden: RegExp;
  /** Fail the build on a breach (otherwise only report it). */
  enforce: boolean;
  /** The page must come with the entry (statically imported), not in a chunk loaded after it. */
  eager?: boolean;
  /** The same budget for each back office page: what it loads before it can show its content. */
  admin?: AdminOptions;
}

interface AdminOptions {
  /** The HTML the admin pages are served (an entry of the build): its entry chunk counts; without it, every entry does. */
  entry?: RegExp;
  /** The chunks every admin page waits for besides the entry (the layout, the outlet that picks the page). */
  shell: RegExp[];
  /** The page modules (one lazy chunk each). */
  pages: RegExp;
  /** Gzipped JavaScript budget in bytes for each page: printed, and the build fails when a page exceeds it. */
  maxGzipBytes: number;
}

/** The parts of a Rolldown output chunk the build checks read. */
export interface ChunkLike {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  /** The chunks it imports lazily (`import()`). */
  dynamicImports?: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/** The output's chunks by file name. */
export function chunksOf(bundle: Record<string, { type: string }>): Map<string, ChunkLike> {
  const chunks = new Map<string, ChunkLike>();
  for (const [file, out] of Object.entries(bundle))
    if (out.type === "chunk") chunks.set(file, out as unknown as ChunkLike);
  return chunks;
}

/**
 * The chunks a browser fetches for these chunks before it runs them: they and their static imports (added to `into`).
 */
export function staticClosure(chunks: Map<string, ChunkLike>, start: string[], into = new Set<string>()): Set<string> {
  const visit = (file: string) => {
    if (into.has(file) || !chunks.has(file)) return;
    into.add(file);
    chunks.get(file)!.imports.forEach(visit);
  };
  start.forEach(visit);
  return into;
}

/** Every chunk a page may come to load from these chunks: their static imports and lazy ones, and theirs. */
function reachable(chunks: Map<string, ChunkLike>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !chunks.has(file)) return;
    seen.add(file);
    const chunk = chunks.get(file)!;
    [...chunk.imports, ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

/**
 * The entry chunks a page loads: the one whose facade matches `html` (the HTML file, for an HTML input), every entry
 * without it.
 */
export function entriesOf(chunks: Map<string, ChunkLike>, html?: RegExp): string[] {
  return [...chunks.values()]
    .filter((c) => c.isEntry && (!html || (c.facadeModuleId !== null && html.test(c.facadeModuleId))))
    .map((c) => c.fileName);
}

/** What `.vite/critical-path.json` holds. */
export interface CriticalPathReport {
  gzipBytes: number;
  budgetBytes: number;
  chunks: { file: string; gzipBytes: number }[];
}

export const CRITICAL_PATH_REPORT = ".vite/critical-path.json";

/** What `.vite/admin-pages.json` holds: each admin page's JavaScript before content, largest first. */
export interface AdminPagesReport {
  budgetBytes: number;
  pages: { page: string; gzipBytes: number; chunks: number }[];
}

export const ADMIN_PAGES_REPORT = ".vite/admin-pages.json";

const kb = (b: number) => `${(b / 1024).toFixed(1).padStart(7)} KB`;

/** The chunk that holds a module (as its facade, or bundled into it). */
function chunkOf(chunks: Map<string, ChunkLike>, module: RegExp): ChunkLike | undefined {
  return (
    [...chunks.values()].find((c) => c.facadeModuleId !== null && module.test(c.facadeModuleId)) ??
    [...chunks.values()].find((c) => c.moduleIds.some((id) => module.test(id)))
  );
}

export function bundleBudget(opts: Options): Plugin {
  return {
    name: "gryx-bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const pageChunk = chunkOf(chunks, opts.page);
      if (!pageChunk) this.error(`bundle budget: no chunk for ${opts.page}`);
      const gzipped = new Map<string, number>();
      const gz = (file: string) => {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(chunks.get(file)!.code, { level: 9 }).length);
        return gzipped.get(file)!;
      };
      const closure = (start: string[], into?: Set<string>) => staticClosure(chunks, start, into);
      const entries = entriesOf(chunks, opts.entry);
      if (!entries.length) this.error(`bundle budget: no entry chunk for ${opts.entry}`);
      // The users' pages may open back office pages themselves, but never through the back office's entry chunk, whose
      // module renders the back office's app into the page.
      if (opts.entry && opts.admin?.entry) {
        const adminEntries = entriesOf(chunks, opts.admin.entry);
        const loaded = reachable(chunks, entries);
        const wrong = adminEntries.filter((f) => loaded.has(f));
        if (wrong.length) this.error(`bundle budget: the users' pages can load the back office's entry chunk ${wrong}`);
      }
      const onPath = closure(entries);
      const lazyPage = !onPath.has(pageChunk.fileName);
      closure([pageChunk.fileName], onPath);

      let total = 0;
      const rows: CriticalPathReport["chunks"] = [];
      const offenders: string[] = [];
      for (const file of onPath) {
        total += gz(file);
        rows.push({ file, gzipBytes: gz(file) });
        for (const id of chunks.get(file)!.moduleIds) if (opts.forbidden.test(id)) offenders.push(`${file}: ${id}`);
      }
      rows.sort((a, b) => a.gzipBytes - b.gzipBytes);
      const report: CriticalPathReport = { gzipBytes: total, budgetBytes: opts.maxGzipBytes, chunks: rows };
      this.emitFile({ type: "asset", fileName: CRITICAL_PATH_REPORT, source: JSON.stringify(report, null, 2) });
      const adminOver = opts.admin ? adminBudget(this, chunks, closure, gz, opts.admin) : [];
      const verdict = total <= opts.maxGzipBytes ? "ok" : "OVER BUDGET";
      console.log(
        `\nHome page critical path (JavaScript, gzip -9), ${rows.length} chunks${lazyPage ? `, home page lazy (${pageChunk.fileName})` : ""}:\n` +
          `${rows.map((r) => `  ${kb(r.gzipBytes)}  ${r.file}`).join("\n")}\n  ${kb(total)}  total / budget ${(opts.maxGzipBytes / 1024).toFixed(0)} KB: ${verdict}\n`,
      );
      if (!opts.enforce) return;
      if (offenders.length)
        this.error(`bundle budget: admin code on the home page's critical path:\n${offenders.slice(0, 20).join("\n")}`);
      if (opts.eager && lazyPage)
        this.error(
          `bundle budget: the home page is a lazy chunk (${pageChunk.fileName}) the entry must fetch before the page can ask for its data`,
        );
      if (total > opts.maxGzipBytes)
        this.error(
          `bundle budget: ${(total / 1024).toFixed(1)} KB gzipped > ${(opts.maxGzipBytes / 1024).toFixed(0)} KB`,
        );
      if (adminOver.length)
        this.error(
          `bundle budget: admin pages over ${(opts.admin!.maxGzipBytes / 1024).toFixed(0)} KB gzipped before content: ${adminOver.join(", ")}`,
        );
    },
  };
}

/**
 * Each admin page's JavaScript before content: the entry of the admin pages' HTML, the shell (layout and outlet) and
 * the page's chunk, each with its static imports, gzipped. Prints the table, writes `.vite/admin-pages.json`; returns
 * the pages over budget.
 */
function adminBudget(
  ctx: { error(msg: string): never; emitFile(file: { type: "asset"; fileName: string; source: string }): unknown },
  chunks: Map<string, ChunkLike>,
  closure: (start: string[]) => Set<string>,
  gz: (file: string) => number,
  admin: AdminOptions,
): string[] {
  const entries = entriesOf(chunks, admin.entry);
  if (!entries.length) ctx.error(`bundle budget: no entry chunk for ${admin.entry}`);
  const shell = admin.shell.map((m) => chunkOf(chunks, m)?.fileName ?? ctx.error(`bundle budget: no chunk for ${m}`));
  const pages = [...chunks.values()].filter((c) => c.facadeModuleId !== null && admin.pages.test(c.facadeModuleId));
  if (!pages.length) ctx.error(`bundle budget: no admin page chunks for ${admin.pages}`);
  const report: AdminPagesReport = {
    budgetBytes: admin.maxGzipBytes,
    pages: pages
      .map((c) => {
        const files = closure([...entries, ...shell, c.fileName]);
        const name = c.facadeModuleId!.replace(/^.*[\\/]/, "").replace(/\.tsx?$/, "");
        return { page: name, gzipBytes: [...files].reduce((s, f) => s + gz(f), 0), chunks: files.size };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
  ctx.emitFile({ type: "asset", fileName: ADMIN_PAGES_REPORT, source: JSON.stringify(report, null, 2) });
  const over = report.pages.filter((p) => p.gzipBytes > admin.maxGzipBytes);
  console.log(
    `Admin pages, JavaScript before content (entry + layout + page, static imports, gzip -9), budget ${(admin.maxGzipBytes / 1024).toFixed(0)} KB each:\n` +
      `${report.pages.map((p) => `  ${kb(p.gzipBytes)}  ${p.page} (${p.chunks} chunks)${p.gzipBytes > admin.maxGzipBytes ? "  OVER" : ""}`).join("\n")}\n`,
  );
  return over.map((p) => `${p.page} ${(p.gzipBytes / 1024).toFixed(1)} KB`);
}
