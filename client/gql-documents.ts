import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Build-time companion of GraphQL Code Generator's client preset. Source code writes typed documents as
 * `graphql(\`query Name …\`)`; the generated `graphql()` looks them up in one map that references every document
 * of the app, and all documents sit in one generated module, so any page would load all of them (admin ones
 * included). This plugin turns each call into an import of a module holding just that document — the JSON AST
 * codegen wrote for `NameDocument` (or `NameFragmentDoc`) in `src/gql/graphql.ts` — so each page's chunk carries
 * only the documents it uses. Types are unchanged: TypeScript still sees `graphql()` and its typed result.
 */
const CALL = /\bgraphql\(\s*(`)\s*(query|mutation|subscription|fragment)\s+([_A-Za-z][_0-9A-Za-z]*)[\s\S]*?\1\s*\)/g;
const IMPORT = /^import\s*\{\s*graphql\s*\}\s*from\s*["'][./]*gql(?:\/index)?["'];?\s*$/m;
const DOCUMENT = /^export const ([_0-9A-Za-z]+?(?:Document|FragmentDoc)) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;
const PREFIX = "\0gryx-gql:";

export function gqlDocuments(srcDir: string): Plugin {
  const generated = path.join(srcDir, "gql", "graphql.ts");
  // Documents by lower-cased export name (codegen case-folds runs of capitals: QQGroup -> QqGroup).
  let cache: { mtimeMs: number; byKey: Map<string, { name: string; json: string }> } | null = null;
  const documents = () => {
    const mtimeMs = fs.statSync(generated).mtimeMs;
    if (cache?.mtimeMs !== mtimeMs) {
      const byKey = new Map<string, { name: string; json: string }>();
      for (const m of fs.readFileSync(generated, "utf8").matchAll(DOCUMENT))
        byKey.set(m[1].toLowerCase(), { name: m[1], json: m[2] });
      cache = { mtimeMs, byKey };
    }
    return cache.byKey;
  };
  const find = (name: string) => {
    const doc = documents().get(name.toLowerCase());
    if (!doc) throw new Error(`gql-documents: ${name} is not in src/gql/graphql.ts (run npm run schema:generate)`);
    return doc;
  };
  return {
    name: "gryx-gql-documents",
    enforce: "pre",
    resolveId: (id) => (id.startsWith(PREFIX) ? id : null),
    load: (id) => (id.startsWith(PREFIX) ? `export default ${find(id.slice(PREFIX.length)).json};` : null),
    transform(code, id) {
      if (!/\.(ts|tsx)$/.test(id) || id.startsWith(path.join(srcDir, "gql")) || !IMPORT.test(code)) return null;
      const used = new Set<string>();
      const out = code.replace(CALL, (_all, _q, kind: string, name: string) => {
        const { name: exported } = find(name + (kind === "fragment" ? "FragmentDoc" : "Document"));
        used.add(exported);
        return `__gql_${exported}`;
      });
      if (!used.size) return null;
      const imports = [...used].map((n) => `import __gql_${n} from ${JSON.stringify(PREFIX + n)};`).join("\n");
      this.addWatchFile(generated);
      return { code: out.replace(IMPORT, imports), map: null };
    },
  };
}
