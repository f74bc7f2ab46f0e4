import "reflect-metadata";
import { keyringFromEnv } from "@gryx/platform/secrets";
import { DOMAINS } from "../modules";
import { createDataSource } from "./data-source";
import { rotateSecrets } from "./rotate-secrets";

/**
 * `npm run secrets:rotate`: with the server's environment (DATABASE_URL and SECRETS_KEYS whose first key is the new
 * one, the old ones after it), re-seals every sealed column every domain declares (`sealed` in its manifest) under
 * the current key. Prints one line per table; exits 1 when a row could not be opened by any key (it is left as is).
 */
async function main() {
  const problems: string[] = [];
  const keyring = keyringFromEnv(process.env, problems);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) problems.push("DATABASE_URL is required");
  if (!keyring) problems.push("SECRETS_KEYS (or SECRETS_KEY / JWT_SECRET) is required");
  if (problems.length || !keyring || !databaseUrl) {
    console.error(`secrets:rotate: invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(2);
  }
  const db = createDataSource(databaseUrl);
  await db.initialize();
  try {
    const reports = await rotateSecrets(db, keyring, DOMAINS.flatMap((d) => d.sealed ?? []));
    console.log(`current key: ${keyring.currentId}`);
    for (const r of reports)
      console.log(`${r.table}: ${r.resealed} re-sealed, ${r.current} already current${r.unreadable.length ? `, ${r.unreadable.length} unreadable (ids ${r.unreadable.join(", ")})` : ""}`);
    if (reports.some((r) => r.unreadable.length)) process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
