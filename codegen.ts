import type { CodegenConfig } from "@graphql-codegen/cli";

// Typed documents for the client, generated from the committed schema.graphql.
// Never edit client/src/gql by hand: run `npm run schema:generate`.
const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["client/src/**/*.{ts,tsx}", "!client/src/gql/**/*"],
  ignoreNoDocuments: true,
  generates: {
    "client/src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { enumsAsTypes: true, useTypeImports: true, scalars: { DateTimeISO: "string", JSON: "unknown" } },
    },
  },
};
export default config;
