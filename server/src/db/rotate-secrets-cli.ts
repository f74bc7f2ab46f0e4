import "reflect-metadata";
import { databaseSettingsFromEnv } from "@gryx/platform/db-settings";
import { keyringFromEnv } from "@gryx/platform/secrets";
import { DOMAINS } from "../modules";
import { createDataSource } from "./data-source";
import { rotateSecrets } from "./rotate-secrets";

/**
 * `npm run secrets:rotate`: with the server's environment (DATABASE_URL and SECRETS_KEYS whose first key is the new
 * one, the old ones after it), re-seals every sealed column every domain declares (`sealed` in its manifest) under
 * the current key. Prints one line per table; answers the exit code: 0 done, 1 a row no key opens (left as it is),
 * 2 bad configuration.
 */
export async function rotateFromEnv(
  env: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<number> {
  const problems: string[] = [];
  const keyring = keyringFromEnv(env, problems);
  const settings = databaseSettingsFromEnv(env, problems, { poolMax: 4 });
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) problems.push("DATABASE_URL is required");
  if (!keyring) problems.push("SECRETS_KEYS (or SECRETS_KEY / JWT_SECRET) is required");
  if (problems.length || !keyring || !databaseUrl) {
    print(`secrets:rotate: invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 2;
  }
  const db = createDataSource(databaseUrl, settings);
  await db.initialize();
  try {
    const reports = await rotateSecrets(
      db,
      keyring,
      DOMAINS.flatMap((d) => d.sealed ?? []),
    );
    print(`current key: ${keyring.currentId}`);
    for (const r of reports)
      print(
        `${r.table}: ${r.resealed} re-sealed, ${r.current} already current${r.unreadable.length ? `, ${r.unreadable.length} unreadable (ids ${r.unreadable.join(", ")})` : ""}`,
      );
    return reports.some((r) => r.unreadable.length) ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

if (require.main === module)
  rotateFromEnv(process.env, (line) => console.log(line)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
