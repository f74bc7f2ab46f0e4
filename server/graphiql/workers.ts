// Monaco's web workers, bundled by Vite (`?worker`), same as graphiql/setup-workers/vite but with no console noise.
// Imported first by main.tsx: MonacoEnvironment must exist before the editors start.
import EditorWorker from "monaco-editor/esm/vs/editor/editor.worker.js?worker";
import JsonWorker from "monaco-editor/esm/vs/language/json/json.worker.js?worker";
import GraphQLWorker from "monaco-graphql/esm/graphql.worker.js?worker";

(
  globalThis as unknown as { MonacoEnvironment: { getWorker(workerId: string, label: string): Worker } }
).MonacoEnvironment = {
  getWorker(_workerId, label) {
    if (label === "json") return new JsonWorker();
    if (label === "graphql") return new GraphQLWorker();
    return new EditorWorker();
  },
};
