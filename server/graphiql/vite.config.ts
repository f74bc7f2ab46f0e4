// GraphiQL page of the server, bundled from npm packages (no CDN: it works offline).
//   npx vite build --config server/graphiql/vite.config.ts   ->   server/graphiql-dist/
// The server sends graphiql-dist/index.html for browser GETs of /graphql and serves graphiql-dist/graphiql-assets/
// at /graphiql-assets/ (hashed file names: cache them forever).
import path from "node:path";
import { createRequire } from "node:module";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const here = import.meta.dirname;
const root = path.resolve(here, "../..");

// React 19: the client workspace's copy (the root node_modules holds React 18 for older dependants). Resolved the way
// the client resolves it, so this keeps working whichever copy npm hoists.
const fromClient = createRequire(path.join(root, "client/package.json"));
const pkgDir = (name: string) => path.dirname(fromClient.resolve(`${name}/package.json`));

export default defineConfig({
  root: here,
  base: "/",
  logLevel: "warn",
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: path.join(pkgDir("react"), "index.js") },
      { find: /^react\/(.*)$/, replacement: `${pkgDir("react")}/$1` },
      { find: /^react-dom$/, replacement: path.join(pkgDir("react-dom"), "index.js") },
      { find: /^react-dom\/(.*)$/, replacement: `${pkgDir("react-dom")}/$1` },
    ],
    dedupe: ["react", "react-dom", "graphql", "monaco-editor"],
  },
  worker: { format: "es" },
  build: {
    outDir: path.resolve(here, "../graphiql-dist"),
    emptyOutDir: true,
    assetsDir: "graphiql-assets",
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: true,
    // Monaco is one big lazily loaded chunk (editor core + GraphQL and JSON languages only); that is expected.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      onwarn(warning, warn) {
        // graphiql's React Compiler output marks modules "use no memo": harmless when bundled.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
});
