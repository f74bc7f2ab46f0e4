import { givenColumns, one, rows, updateGiven, type Sql } from "./sql";

/**
 * The oauth domain's tables: `oauth_configs` (a login provider's settings, its secret sealed) and `oauth_identities`
 * (an account's login through a provider: one per provider per account, one account per provider identity).
 */

export type OAuthProvider = "qq" | "apple";

export interface OAuthConfigRow {
  id: number;
  provider: OAuthProvider;
  enabled: boolean;
  app_id: string;
  app_secret_sealed: string | null;
  scope: string;
  redirect_uri: string;
  base_url: string | null;
  sdk_url: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A provider's settings to write: only the fields given are set (null where the column allows it). */
export interface OAuthConfigFields {
  enabled?: boolean;
  appId?: string;
  appSecretSealed?: string;
  scope?: string;
  redirectUri?: string;
  baseUrl?: string | null;
  sdkUrl?: string | null;
}

const CONFIG_COLUMNS: Record<keyof OAuthConfigFields, string> = {
  enabled: "enabled",
  appId: "app_id",
  appSecretSealed: "app_secret_sealed",
  scope: "scope",
  redirectUri: "redirect_uri",
  baseUrl: "base_url",
  sdkUrl: "sdk_url",
};

/** The providers' settings in the order they were made; `enabledOnly` for the login buttons. */
export function listOAuthConfigs(db: Sql, enabledOnly = false): Promise<OAuthConfigRow[]> {
  return rows<OAuthConfigRow>(db, `SELECT * FROM oauth_configs ${enabledOnly ? "WHERE enabled" : ""} ORDER BY id`);
}

/** A provider's settings; `enabledOnly`: only while it is enabled. */
export function oauthConfigOf(
  db: Sql,
  provider: OAuthProvider,
  enabledOnly = false,
): Promise<OAuthConfigRow | undefined> {
  return one<OAuthConfigRow>(
    db,
    `SELECT * FROM oauth_configs WHERE provider = $1 ${enabledOnly ? "AND enabled" : ""}`,
    [provider],
  );
}

export function oauthConfigById(db: Sql, id: number): Promise<OAuthConfigRow | undefined> {
  return one<OAuthConfigRow>(db, `SELECT * FROM oauth_configs WHERE id = $1`, [id]);
}

/** Adds a provider's settings (fields left out take the column defaults); rejects with 23505 if it has some. */
export async function insertOAuthConfig(
  db: Sql,
  provider: OAuthProvider,
  f: OAuthConfigFields,
): Promise<OAuthConfigRow> {
  const { names, values } = givenColumns(CONFIG_COLUMNS, f);
  const marks = values.map((_, i) => `$${i + 2}`);
  return (await one<OAuthConfigRow>(
    db,
    `INSERT INTO oauth_configs (provider${names.map((n) => `, ${n}`).join("")})
     VALUES ($1${marks.map((m) => `, ${m}`).join("")}) RETURNING *`,
    [provider, ...values],
  ))!;
}

/** Sets the given fields of one provider's settings. */
export async function updateOAuthConfig(db: Sql, id: number, f: OAuthConfigFields): Promise<void> {
  await updateGiven(db, "oauth_configs", id, CONFIG_COLUMNS, f);
}

/** Removes one provider's settings; false when there was none. */
export async function deleteOAuthConfig(db: Sql, id: number): Promise<boolean> {
  return (await rows(db, `DELETE FROM oauth_configs WHERE id = $1 RETURNING id`, [id])).length > 0;
}

export interface OAuthIdentityRow {
  id: number;
  user_id: number;
  provider: OAuthProvider;
  subject: string;
  unionid: string | null;
  nickname: string | null;
  avatar_url: string | null;
  email: string | null;
  is_private_email: boolean;
  created_at: Date;
  last_login_at: Date | null;
}

/** The profile a provider answered about an identity: only the fields given are written. */
export interface OAuthProfile {
  unionid?: string | null;
  nickname?: string | null;
  avatarUrl?: string | null;
  email?: string | null;
  isPrivateEmail?: boolean;
}

const PROFILE_COLUMNS: Record<keyof OAuthProfile, string> = {
  unionid: "unionid",
  nickname: "nickname",
  avatarUrl: "avatar_url",
  email: "email",
  isPrivateEmail: "is_private_email",
};

/**
 * An identity: the one a provider knows by `subject` (whichever account it is bound to), or an account's binding of
 * the provider (`userId`).
 */
export function oauthIdentity(
  db: Sql,
  provider: OAuthProvider,
  by: { subject: string } | { userId: number },
): Promise<OAuthIdentityRow | undefined> {
  const [column, value] = "subject" in by ? ["subject", by.subject] : ["user_id", by.userId];
  return one<OAuthIdentityRow>(db, `SELECT * FROM oauth_identities WHERE provider = $1 AND ${column} = $2`, [
    provider,
    value,
  ]);
}

/** An account's bindings, oldest first. */
export function oauthIdentitiesOfUser(db: Sql, userId: number): Promise<OAuthIdentityRow[]> {
  return rows<OAuthIdentityRow>(db, `SELECT * FROM oauth_identities WHERE user_id = $1 ORDER BY id`, [userId]);
}

/** A login through an identity: its time, and the provider's latest profile fields. */
export async function touchOAuthIdentity(db: Sql, id: number, profile: OAuthProfile): Promise<void> {
  const { names, values } = givenColumns(PROFILE_COLUMNS, profile);
  const sets = names.map((n, i) => `${n} = $${i + 2}`);
  await db.query(`UPDATE oauth_identities SET ${["last_login_at = now()", ...sets].join(", ")} WHERE id = $1`, [
    id,
    ...values,
  ]);
}

/** Binds an identity to an account; false when it (or this account's binding of the provider) exists already. */
export async function insertOAuthIdentity(
  db: Sql,
  userId: number,
  provider: OAuthProvider,
  subject: string,
  p: OAuthProfile,
): Promise<boolean> {
  const r = await rows(
    db,
    `INSERT INTO oauth_identities (user_id, provider, subject, unionid, nickname, avatar_url, email, is_private_email, last_login_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) ON CONFLICT DO NOTHING RETURNING id`,
    [
      userId,
      provider,
      subject,
      p.unionid ?? null,
      p.nickname ?? null,
      p.avatarUrl ?? null,
      p.email ?? null,
      p.isPrivateEmail ?? false,
    ],
  );
  return r.length > 0;
}

/**
 * Unbinds a provider unless it is the account's last way to log in (no password and no other binding); false when
 * nothing was removed. The check and the delete are one statement, so two unbinds racing cannot remove both.
 */
export async function unbindOAuthIdentity(db: Sql, userId: number, provider: OAuthProvider): Promise<boolean> {
  const r = await rows(
    db,
    `DELETE FROM oauth_identities i WHERE i.user_id = $1 AND i.provider = $2
       AND (EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND u.password_hash IS NOT NULL)
            OR EXISTS (SELECT 1 FROM oauth_identities o WHERE o.user_id = $1 AND o.provider <> $2))
     RETURNING i.id`,
    [userId, provider],
  );
  return r.length > 0;
}

/** A pending authorisation request (`oauth_states`): its state hashed, tied to the browser, used once. */
export interface OAuthStateRow {
  provider: OAuthProvider;
  purpose: "login" | "bind";
  user_id: number | null;
  browser_hash: string;
  nonce: string | null;
  redirect_uri: string;
  expired: boolean;
  used: boolean;
}

/** A new pending request, living `ttlSeconds`; requests that expired over an hour ago go as new ones come. */
export async function insertOAuthState(
  db: Sql,
  s: {
    stateHash: string;
    provider: OAuthProvider;
    purpose: "login" | "bind";
    userId: number | null;
    browserHash: string;
    nonce: string | null;
    redirectUri: string;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.query(`DELETE FROM oauth_states WHERE expires_at < now() - interval '1 hour'`);
  await db.query(
    `INSERT INTO oauth_states (state_hash, provider, purpose, user_id, browser_hash, nonce, redirect_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [s.stateHash, s.provider, s.purpose, s.userId, s.browserHash, s.nonce, s.redirectUri, s.ttlSeconds],
  );
}

/** A pending request by its state's hash, with whether it expired or was used. */
export function oauthStateByHash(db: Sql, stateHash: string): Promise<OAuthStateRow | undefined> {
  return one<OAuthStateRow>(
    db,
    `SELECT provider, purpose, user_id, browser_hash, nonce, redirect_uri, expires_at <= now() AS expired,
            used_at IS NOT NULL AS used
     FROM oauth_states WHERE state_hash = $1`,
    [stateHash],
  );
}

/** Marks a pending request used, atomically: false when it was used (or expired) meanwhile. */
export async function takeOAuthState(db: Sql, stateHash: string): Promise<boolean> {
  const r = await rows(
    db,
    `UPDATE oauth_states SET used_at = now() WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING 1`,
    [stateHash],
  );
  return r.length > 0;
}
