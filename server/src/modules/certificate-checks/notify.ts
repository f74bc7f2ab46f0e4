/**
 * 站内消息 (user_notifications, owned by this domain): one row for one user. The statements are the table's owner's
 * in @gryx/store (packages/store/src/notifications.ts), which the worker uses too; every event that changes a user's
 * money, orders or certificates without the user doing it on the spot leaves one, on the caller's manager, so it
 * commits with the change it reports. A `dedupeKey` makes a repeat (a job run twice) a no-op.
 */
export { notifyUser, type UserNotice } from "@gryx/store";
