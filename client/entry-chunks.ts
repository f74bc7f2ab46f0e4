import type { Plugin } from "vite";

/**
 * Build step that decides, for two HTML pages of one build (the users' index.html and the back office's admin.html),
 * which modules go into which of two chunks. Rolldown puts each module in a chunk by the set of entries that load it
 * (the pages' entries and every lazy chunk), which cuts what a page loads first into many small chunks: with admin.html
 * beside index.html, the modules both load fell into a dozen (the session, storage, formatting, pieces of Apollo), and
 * the back office's own first load into some thirty (each antd part its pages share in other combinations). Each is one
 * more request and less compression.
 *
 * Once the module graph is built, it answers two questions for `codeSplitting` groups:
 * - `shared`: the app's own modules (under `appDir`) that the users' page loads statically and the other page loads at
 *   all, then or later (a page's chunk), and the HTML's module preload polyfill. A group testing with it holds them
 *   and, as far as they use them, what they import. Only the app's own modules are named: a package's index would
 *   bring every module it re-exports, used or not.
 * - `otherFirst`: what the other page may load before its first page (for a group with `tags: ["$initial"]`, which
 *   keeps what it really loads then) and the users' page only lazily, through `gateway` (the back office it opens when
 *   it navigates there). What the users' own lazy pages load stays out: a module in the group makes every chunk that
 *   needs it load the whole group (a profile page loaded the back office's 97 KB first chunk for babel's
 *   interopRequireDefault, which antd-mobile's render helper and the back office's pagination locale both use). That
 *   group must not follow imports (`includeDependenciesRecursively: false`): they lead through package indexes to all
 *   they re-export (all of rc-form, for the form context antd's ConfigProvider reads). The other page's own entry
 *   modules stay out of it: in the group, they would run wherever the users' page loads the group.
 */
export function entryChunks(
  usersHtml: string,
  otherHtml: string,
  appDir: string,
  gateway: RegExp,
): { plugin: Plugin; shared: (id: string) => boolean; otherFirst: (id: string) => boolean } {
  const shared = new Set<string>();
  const usersFirst = new Set<string>();
  const usersLater = new Set<string>();
  /** What the users' page loads, then or later, without passing through the gateway to the other page. */
  const usersOwn = new Set<string>();
  const plugin: Plugin = {
    name: "gryx-entry-chunks",
    apply: "build",
    buildEnd() {
      const reached = (start: string, lazy: boolean, into: Set<string>, stopAt?: RegExp) => {
        into.clear();
        const stack = [start];
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id) || stopAt?.test(id)) continue;
          into.add(id);
          const info = this.getModuleInfo(id);
          if (info) stack.push(...info.importedIds, ...(lazy ? info.dynamicallyImportedIds : []));
        }
        return into;
      };
      const other = reached(otherHtml, true, new Set());
      reached(usersHtml, false, usersFirst);
      reached(usersHtml, true, usersLater);
      reached(usersHtml, true, usersOwn, gateway);
      if (usersOwn.size === usersLater.size) this.error(`entry chunks: ${usersHtml} never reaches ${gateway}`);
      shared.clear();
      for (const id of usersFirst)
        if (other.has(id) && (id.startsWith(appDir) || id.includes("vite/modulepreload-polyfill"))) shared.add(id);
      if (!shared.size) this.error(`entry chunks: ${usersHtml} and ${otherHtml} share no module of ${appDir}`);
    },
  };
  return {
    plugin,
    shared: (id) => shared.has(id),
    otherFirst: (id) => !usersFirst.has(id) && !usersOwn.has(id) && usersLater.has(id),
  };
}
