import type { Keyring } from "@gryx/platform/secrets";
import {
  effectiveStorageSettings,
  type DownloadMode,
  type SavedStorageSettings,
  type StorageBackend,
  type StorageSettings,
} from "@gryx/platform/storage";
import { SEALING } from "./sealing";
import { one, tableExists, type Sql } from "./sql";

/**
 * storage_migrations: one row per 迁移 local → S3 that an admin started. The worker's `storage.migrate` works the
 * row whose `run_id` its job carries; a run that finds another run id has been superseded and stops.
 */

export type StorageMigrationStatus = "running" | "done" | "failed";

export interface StorageMigrationRow {
  id: number;
  run_id: string;
  status: StorageMigrationStatus;
  /** What the local disk held when the first run looked (objects, bytes). */
  total_count: number;
  total_bytes: number;
  /** Moved (verified in S3, local copy removed): total minus what is still on the disk. */
  moved_count: number;
  moved_bytes: number;
  /** Objects whose S3 copy did not match (kept on disk; the next run tries them again). */
  failed_count: number;
  runs: number;
  last_error: string | null;
  started_by: number | null;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `id, run_id, status, total_count, total_bytes::float8 AS total_bytes, moved_count,
  moved_bytes::float8 AS moved_bytes, failed_count, runs, last_error, started_by, started_at, updated_at, finished_at`;

export function storageMigration(db: Sql, id: number): Promise<StorageMigrationRow | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM storage_migrations WHERE id = $1`, [id]);
}

export function latestStorageMigration(db: Sql): Promise<StorageMigrationRow | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM storage_migrations ORDER BY id DESC LIMIT 1`);
}

/** A new running migration, unless one is running already (the partial unique index keeps it to one): then undefined. */
export function createStorageMigration(db: Sql, startedBy: number | null): Promise<StorageMigrationRow | undefined> {
  return one(
    db,
    `INSERT INTO storage_migrations (run_id, started_by) VALUES (gen_random_uuid(), $1)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [startedBy],
  );
}

/** A fresh run id for a running migration whose run went quiet (its worker died): the old run stops when it sees it. */
export function renewStorageMigrationRun(
  db: Sql,
  id: number,
  quietSeconds: number,
): Promise<StorageMigrationRow | undefined> {
  return one(
    db,
    `UPDATE storage_migrations SET run_id = gen_random_uuid(), updated_at = now()
      WHERE id = $1 AND status = 'running' AND updated_at < now() - make_interval(secs => $2)
      RETURNING ${COLUMNS}`,
    [id, quietSeconds],
  );
}

/**
 * A run begins: `remaining` is what the local disk holds now. The first run takes it as the total; every run sets
 * moved = total − remaining, so a run killed between removing a local file and counting it loses no count.
 */
export function beginStorageMigrationRun(
  db: Sql,
  id: number,
  runId: string,
  remaining: { count: number; bytes: number },
): Promise<StorageMigrationRow | undefined> {
  return one(
    db,
    `UPDATE storage_migrations
        SET total_count = CASE WHEN runs = 0 THEN $3 ELSE total_count END,
            total_bytes = CASE WHEN runs = 0 THEN $4 ELSE total_bytes END,
            moved_count = GREATEST(0, CASE WHEN runs = 0 THEN $3 ELSE total_count END - $3),
            moved_bytes = GREATEST(0, CASE WHEN runs = 0 THEN $4 ELSE total_bytes END - $4),
            failed_count = 0, runs = runs + 1, updated_at = now()
      WHERE id = $1 AND run_id = $2 AND status = 'running'
      RETURNING ${COLUMNS}`,
    [id, runId, remaining.count, remaining.bytes],
  );
}

/** One object moved (or one that failed verification); false when the run has been superseded. */
export async function countStorageMigrationObject(
  db: Sql,
  id: number,
  runId: string,
  outcome: { bytes: number; failed?: string },
): Promise<boolean> {
  const r = await one(
    db,
    outcome.failed
      ? `UPDATE storage_migrations SET failed_count = failed_count + 1, last_error = left($3, 500), updated_at = now()
          WHERE id = $1 AND run_id = $2 AND status = 'running' RETURNING id`
      : `UPDATE storage_migrations SET moved_count = moved_count + 1, moved_bytes = moved_bytes + $3, updated_at = now()
          WHERE id = $1 AND run_id = $2 AND status = 'running' RETURNING id`,
    [id, runId, outcome.failed ?? outcome.bytes],
  );
  return !!r;
}

export async function finishStorageMigration(
  db: Sql,
  id: number,
  runId: string,
  status: Exclude<StorageMigrationStatus, "running">,
  error: string | null,
): Promise<boolean> {
  const r = await one(
    db,
    `UPDATE storage_migrations SET status = $3, last_error = COALESCE(left($4, 500), last_error), finished_at = now(),
            updated_at = now()
      WHERE id = $1 AND run_id = $2 AND status = 'running' RETURNING id`,
    [id, runId, status, error],
  );
  return !!r;
}

/** storage_settings: the one row /admin/storage saves (the secret sealed). */
export interface StorageSettingsRow {
  backend: StorageBackend;
  downloads: DownloadMode;
  endpoint: string | null;
  region: string | null;
  bucket: string | null;
  access_key_id: string | null;
  secret_access_key_sealed: string | null;
  force_path_style: boolean;
  public_url: string | null;
}

export function storageSettingsRow(db: Sql): Promise<StorageSettingsRow | undefined> {
  return one(
    db,
    `SELECT backend, downloads, endpoint, region, bucket, access_key_id, secret_access_key_sealed, force_path_style,
            public_url
       FROM storage_settings WHERE id = 1`,
  );
}

/** Saves the page's settings; a null `secretSealed` keeps the secret saved before. */
export async function saveStorageSettingsRow(
  db: Sql,
  row: Omit<StorageSettingsRow, "secret_access_key_sealed"> & { secretSealed: string | null; secretsKeyId: string },
  updatedBy: number | null,
): Promise<void> {
  await one(
    db,
    `INSERT INTO storage_settings (id, backend, downloads, endpoint, region, bucket, access_key_id,
            secret_access_key_sealed, secrets_key_id, force_path_style, public_url, updated_by, updated_at)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
     ON CONFLICT (id) DO UPDATE SET backend = $1, downloads = $2, endpoint = $3, region = $4, bucket = $5,
            access_key_id = $6,
            secret_access_key_sealed = COALESCE($7, storage_settings.secret_access_key_sealed),
            secrets_key_id = CASE WHEN $7 IS NULL THEN storage_settings.secrets_key_id ELSE $8 END,
            force_path_style = $9, public_url = $10, updated_by = $11, updated_at = now()`,
    [
      row.backend,
      row.downloads,
      row.endpoint,
      row.region,
      row.bucket,
      row.access_key_id,
      row.secretSealed,
      row.secretsKeyId,
      row.force_path_style,
      row.public_url,
      updatedBy,
    ],
  );
}

/** The page's saved settings with the secret opened (null when nothing was saved, or the table is not there yet). */
export async function savedStorageSettings(
  db: Sql,
  keyring: Keyring | undefined,
): Promise<SavedStorageSettings | null> {
  if (!(await tableExists(db, "storage_settings"))) return null;
  const r = await storageSettingsRow(db);
  if (!r) return null;
  const secret =
    r.secret_access_key_sealed && keyring
      ? keyring.openText(SEALING.storageSecretKey, r.secret_access_key_sealed)
      : null;
  return {
    backend: r.backend,
    downloads: r.downloads,
    endpoint: r.endpoint,
    region: r.region,
    bucket: r.bucket,
    accessKeyId: r.access_key_id,
    secretAccessKey: secret,
    forcePathStyle: r.force_path_style,
    publicUrl: r.public_url,
  };
}

/** The settings in force for a process: its environment's, with the page's saved ones where the environment is silent. */
export async function storageSettingsInForce(
  db: Sql,
  fromEnv: StorageSettings,
  keyring: Keyring | undefined,
): Promise<StorageSettings> {
  return effectiveStorageSettings(fromEnv, await savedStorageSettings(db, keyring));
}
