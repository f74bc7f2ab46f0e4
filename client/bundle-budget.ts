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
  /** Gzipped JavaScript budget in bytes. */
  maxGzipBytes: number;
  /** Modules that must never be on the path. */
  forbidden: RegExp;
  /** Fail the build on a breach (otherwise only report it). */
  enforce: boolean;
  /** The page must come with the entry (statically imported), not in a chunk loaded after it. */
  eager?: boolean;
}

interface ChunkLike {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
}

/** What `.vite/critical-path.json` holds. */
export interface CriticalPathReport {
  gzipBytes: number;
  budgetBytes: number;
  chunks: { file: string; gzipBytes: number }[];
}

export const CRITICAL_PATH_REPORT = ".vite/critical-path.json";

export function bundleBudget(opts: Options): Plugin {
  return {
    name: "gryx-bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const [file, out] of Object.entries(bundle))
        if (out.type === "chunk") chunks.set(file, out as unknown as ChunkLike);
      const pageChunk = [...chunks.values()].find(
        (c) =>
          (c.facadeModuleId !== null && opts.page.test(c.facadeModuleId)) ||
          c.moduleIds.some((id) => opts.page.test(id)),
      );
      if (!pageChunk) this.error(`bundle budget: no chunk for ${opts.page}`);
      const onPath = new Set<string>();
      const visit = (file: string) => {
        if (onPath.has(file) || !chunks.has(file)) return;
        onPath.add(file);
        chunks.get(file)!.imports.forEach(visit);
      };
      [...chunks.values()].filter((c) => c.isEntry).forEach((c) => visit(c.fileName));
      const lazyPage = !onPath.has(pageChunk.fileName);
      visit(pageChunk.fileName);

      let total = 0;
      const rows: CriticalPathReport["chunks"] = [];
      const offenders: string[] = [];
      for (const file of onPath) {
        const c = chunks.get(file)!;
        const gz = gzipSync(c.code, { level: 9 }).length;
        total += gz;
        rows.push({ file, gzipBytes: gz });
        for (const id of c.moduleIds) if (opts.forbidden.test(id)) offenders.push(`${file}: ${id}`);
      }
      rows.sort((a, b) => a.gzipBytes - b.gzipBytes);
      const report: CriticalPathReport = { gzipBytes: total, budgetBytes: opts.maxGzipBytes, chunks: rows };
      this.emitFile({ type: "asset", fileName: CRITICAL_PATH_REPORT, source: JSON.stringify(report, null, 2) });
      const kb = (b: number) => `${(b / 1024).toFixed(1).padStart(7)} KB`;
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
    },
  };
}
