import { one, rows, type Sql } from "./sql";

/** The apps and dylibs catalogues' files, as the signer reads them (owners: the apps and dylibs domains). */

/** The storage key of an app's IPA, or undefined when the app or its file is gone. */
export async function appIpaKey(db: Sql, appId: number | null): Promise<string | undefined> {
  if (appId === null) return undefined;
  return (
    await one<{ key: string }>(db, `SELECT ipa_key AS key FROM apps WHERE id = $1 AND ipa_key IS NOT NULL`, [appId])
  )?.key;
}

/** The storage keys of the dylibs that still have a file, by id. */
export async function dylibFileKeys(db: Sql, ids: number[]): Promise<string[]> {
  const r = await rows<{ file_key: string }>(
    db,
    `SELECT file_key FROM dylibs WHERE id = ANY($1::int[]) AND file_key IS NOT NULL ORDER BY id`,
    [ids],
  );
  return r.map((x) => x.file_key);
}
