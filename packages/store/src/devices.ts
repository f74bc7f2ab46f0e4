import { one, rows, type Sql } from "./sql";

/** Reads of `devices` (owner: the devices domain, UDID binding) that other domains make. */

/** One of the user's devices still bound, or undefined. */
export function boundDevice(
  db: Sql,
  deviceId: number,
  userId: number,
): Promise<{ id: number; udid: string } | undefined> {
  return one(db, `SELECT id, udid FROM devices WHERE id = $1 AND user_id = $2 AND unbound_at IS NULL`, [
    deviceId,
    userId,
  ]);
}

/** The UDIDs of the user's bound devices. */
export async function boundUdids(db: Sql, userId: number): Promise<string[]> {
  const r = await rows<{ udid: string }>(db, `SELECT udid FROM devices WHERE user_id = $1 AND unbound_at IS NULL`, [
    userId,
  ]);
  return r.map((x) => x.udid);
}
