import { one, type Sql } from "./sql";

/** Reads of `users` (owner: the users domain) that other domains make. */

/** An enabled account's address and name (for mail), or undefined when it is gone or disabled. */
export function userContact(db: Sql, userId: number): Promise<{ email: string | null; username: string } | undefined> {
  return one(db, `SELECT email, username FROM users WHERE id = $1 AND NOT disabled`, [userId]);
}
