import "reflect-metadata";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { lexicographicSortSchema, printSchema } from "graphql";
import { createSchema } from "./schema";
import { schemaOnlyPubSub } from "./pubsub";

/** Writes schema.graphql at the repository root: the contract the client's generated code is built from. */
async function main() {
  const schema = await createSchema(schemaOnlyPubSub);
  const out = path.resolve(__dirname, "../../../schema.graphql");
  writeFileSync(out, printSchema(lexicographicSortSchema(schema)) + "\n");
  console.log(`wrote ${out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
