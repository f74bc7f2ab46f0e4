import { expect } from "vitest";
import type { DataSource } from "typeorm";
import { client } from "./inprocess";
import { ledgerTotals } from "./ledger";
import { readFixture } from "../../packages/apple/fixtures/fixtures";

type Client = ReturnType<typeof client>;

/** Registers `username` (password secret1) on the server at `baseUrl` and logs in: the client, its token and id. */
export async function newUser(baseUrl: string, username: string): Promise<{ c: Client; id: number; token: string }> {
  const c = client(baseUrl);
  const r = await c.rest("POST", "/api/auth/register", { username, password: "secret1" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const { token, user } = await c.login(username, "secret1");
  return { c, id: Number(user.id), token: token as string };
}

/**
 * An admin creates a resource share with a resource fee (yuan) and the fixture IPA as its package (items without one
 * are not sold), unless `extra.fileUploadId` says otherwise (null: none); its id.
 */
export async function createShare(
  admin: Client,
  name: string,
  fee: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  let fileUploadId = extra.fileUploadId;
  if (fileUploadId === undefined) {
    const staged = await admin.upload(
      "/api/resource-shares/upload-ipa",
      "ipa",
      readFixture("ipa/thin.ipa"),
      "Demo.ipa",
    );
    expect(staged.status, JSON.stringify(staged.body)).toBe(200);
    fileUploadId = staged.body.data.uploadId;
  }
  const r = await admin.gql(`mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { id } }`, {
    input: { name, resourceFee: fee, ...extra, fileUploadId },
  });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return Number(r.body.data.createResourceShare.id);
}

/** An admin adds (or, negative, takes) yuan to a user's wallet. */
export async function adjustBalance(admin: Client, userId: number, amount: number): Promise<void> {
  const r = await admin.rest("POST", `/api/admin/users/${userId}/wallet/adjust`, { amount, reason: "测试充值" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Checks that the user's ledger sums to the balance; returns the balance in fen. */
export async function expectLedgerMatches(db: DataSource, userId: number): Promise<number> {
  const { sum, balance } = await ledgerTotals(db, userId);
  expect(sum).toBe(balance);
  return balance;
}
