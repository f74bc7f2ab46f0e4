import type { Plugin } from "vite";

/**
 * Build step that keeps the code two HTML pages of one build share in one chunk. Rolldown puts each module in a chunk
 * by the set of entries that load it (the pages' entries and every lazy chunk): with the back office's admin.html an
 * entry beside index.html, the modules both load fell into a dozen small chunks (the session, storage, formatting,
 * pieces of Apollo), each one more request and less compression on the home page's critical path.
 *
 * Once the module graph is built, `has` answers for the app's own modules (under `appDir`) that the users' page loads
 * statically and the other page loads at all, then or later (a page's chunk), and for the HTML's module preload
 * polyfill. A `codeSplitting` group testing with it holds them and, as far as they use them, what they import: only the
 * app's own modules are named, since a package's index would bring every module it re-exports, used or not.
 */
export function sharedModules(
  usersHtml: string,
  otherHtml: string,
  appDir: string,
): { plugin: Plugin; has: (id: string) => boolean } {
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: "gryx-shared-modules",
    apply: "build",
    buildEnd() {
      const reached = (start: string, lazy: boolean) => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (info) stack.push(...info.importedIds, ...(lazy ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      const other = reached(otherHtml, true);
      shared.clear();
      for (const id of reached(usersHtml, false))
        if (other.has(id) && (id.startsWith(appDir) || id.includes("vite/modulepreload-polyfill"))) shared.add(id);
      if (!shared.size) this.error(`shared modules: ${usersHtml} and ${otherHtml} share no module of ${appDir}`);
    },
  };
  return { plugin, has: (id) => shared.has(id) };
}
