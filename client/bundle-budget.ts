import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Build check of the home page's critical path: the entry chunk, the home page's own chunk and every chunk they
 * import statically. It prints each chunk's gzipped size and fails the build when the JavaScript exceeds the
 * budget or when any admin module (back-office pages, antd) ends up on that path.
 */
interface Options {
  /** The page module whose lazy chunk is on the critical path. */
  page: RegExp;
  /** Gzipped JavaScript budget in bytes. */
  maxGzipBytes: number;
  /** Modules that must never be on the path. */
  forbidden: RegExp;
  /** Fail the build on a breach (otherwise only report it). */
  enforce: boolean;
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

export function bundleBudget(opts: Options): Plugin {
  return {
    name: "gryx-bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === "chunk") chunks.set(file, out as unknown as ChunkLike);
      const roots = [...chunks.values()].filter((c) => c.isEntry || (c.facadeModuleId !== null && opts.page.test(c.facadeModuleId)));
      if (!roots.some((c) => !c.isEntry)) this.error(`bundle budget: no chunk for ${opts.page}`);
      const onPath = new Set<string>();
      const visit = (file: string) => {
        if (onPath.has(file) || !chunks.has(file)) return;
        onPath.add(file);
        chunks.get(file)!.imports.forEach(visit);
      };
      roots.forEach((c) => visit(c.fileName));

      let total = 0;
      const rows: string[] = [];
      const offenders: string[] = [];
      for (const file of onPath) {
        const c = chunks.get(file)!;
        const gz = gzipSync(c.code, { level: 9 }).length;
        total += gz;
        rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
        for (const id of c.moduleIds) if (opts.forbidden.test(id)) offenders.push(`${file}: ${id}`);
      }
      const verdict = total <= opts.maxGzipBytes ? "ok" : "OVER BUDGET";
      console.log(
        `\nHome page critical path (JavaScript, gzip -9):\n${rows.sort().join("\n")}\n  ${(total / 1024).toFixed(1).padStart(7)} KB  total` +
          ` / budget ${(opts.maxGzipBytes / 1024).toFixed(0)} KB: ${verdict}\n`,
      );
      if (!opts.enforce) return;
      if (offenders.length) this.error(`bundle budget: admin code on the home page's critical path:\n${offenders.slice(0, 20).join("\n")}`);
      if (total > opts.maxGzipBytes) this.error(`bundle budget: ${(total / 1024).toFixed(1)} KB gzipped > ${(opts.maxGzipBytes / 1024).toFixed(0)} KB`);
    },
  };
}
