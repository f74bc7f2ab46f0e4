import { uploadsDir } from "../support/stored-files";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startInProcess } from "../support/inprocess";
import { encodePng } from "@gryx/apple/png";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";
import { postForm, trustFixtureRoot, uploadGoodCertificate } from "../support/certificates";

/**
 * The hourly sweep removes icons older than a day that no row points at. It must ask every domain that stores
 * files (each manifest's `storedFiles`): a domain it forgets loses its images after 24 h.
 */
type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let admin: ReturnType<typeof client>;
let token: string;

const PNG = encodePng(4, 4, new Uint8Array(64).fill(120));

beforeAll(async () => {
  // The fixtures' certificates chain to the fixture root (a user uploads one to sign, below).
  server = await startInProcess(trustFixtureRoot());
  admin = client(server.url);
  token = (await admin.login("admin", server.adminPassword)).token;
});
afterAll(async () => server?.stopAll());

async function uploadIcon(): Promise<string> {
  const form = new FormData();
  form.append("icon", new Blob([PNG]), "icon.png");
  const res = await fetch(`${server.url}/api/apps/upload`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { url: string } };
  expect(body.data.url).toMatch(/^\/uploads\/icons\/[0-9a-f]{32}\.png$/);
  return body.data.url;
}

const fileOf = (url: string) => path.join(uploadsDir(server.services), url.replace(/^\/uploads\//, ""));

async function ok(r: Promise<{ status: number; body: any }>) {
  const res = await r;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** One row of every domain that stores an image, each pointing at its own freshly uploaded icon. */
async function rowOfEveryDomain(): Promise<Record<string, string>> {
  const icons: Record<string, string> = {};
  for (const d of ["app", "dylib", "resourceShare", "banner", "siteLogo", "softwareSource"])
    icons[d] = await uploadIcon();
  await ok(admin.rest("POST", "/api/apps", { name: "有图标的应用", icon: icons.app }));
  await ok(admin.rest("POST", "/api/dylib-management", { name: "有图标的插件", icon_path: icons.dylib }));
  await ok(admin.rest("POST", "/api/resource-shares", { name: "有图标的资源", icon_path: icons.resourceShare }));
  await ok(admin.rest("POST", "/api/banners", { image_url: icons.banner, link_url: "" }));
  await ok(admin.rest("POST", "/api/settings/site", { site_logo: icons.siteLogo }));
  await ok(
    admin.rest("POST", "/api/admin/software-sources", {
      name: "有图标的软件源",
      icon_url: icons.softwareSource,
      content: JSON.stringify({
        name: "s",
        iconURL: "https://img.example/s.png",
        apps: [{ name: "a", iconURL: "https://img.example/a.png" }],
      }),
    }),
  );
  return icons;
}

/**
 * A row in each other table with a file column (an uploaded IPA and its signing task, a chat message), so that the
 * check below can point each column at a probe.
 */
async function rowOfEveryOtherFileTable(): Promise<void> {
  const user = client(server.url);
  await ok(user.rest("POST", "/api/auth/register", { username: "files_user", password: "secret1" }));
  const login = await ok(user.rest("POST", "/api/auth/login", { username: "files_user", password: "secret1" }));
  user.setToken(login.token);
  const cert = await uploadGoodCertificate(server.url, login.token);
  expect(cert.status, JSON.stringify(cert.body)).toBe(200);
  const ipa = readFileSync(fixturePath("ipa/thin.ipa"));
  const up = await postForm(`${server.url}/api/signing/upload-ipa`, login.token, { ipa });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  await ok(
    user.rest("POST", "/api/signing/create-task", {
      certificate_id: cert.body.data.id,
      ipa_id: up.body.data.id,
      display_name: "有文件的任务",
    }),
  );
  const chat = await ok(user.rest("POST", "/api/customer-service/sessions", {}));
  await ok(
    user.rest("POST", "/api/customer-service/messages", {
      session_id: chat.session_id,
      content: "你好",
      message_type: "text",
    }),
  );
}

describe("stored files", () => {
  it("an icon a row of any domain points at survives the sweep; an unreferenced one is removed", async () => {
    const icons = await rowOfEveryDomain();
    const orphan = await uploadIcon();
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const url of [...Object.values(icons), orphan]) utimesSync(fileOf(url), old, old);

    const result = await server.services.apps.housekeeping();

    for (const [domain, url] of Object.entries(icons))
      expect([domain, existsSync(fileOf(url))]).toEqual([domain, true]);
    expect(existsSync(fileOf(orphan))).toBe(false);
    expect(result.icons).toBe(1);
  });

  it("every column of every table that holds a stored file is reported by its domain", async () => {
    await rowOfEveryDomain();
    await rowOfEveryOtherFileTable();
    const db = server.services.db;
    // Read from the schema itself: every domain's tables, whichever way its code reaches them.
    const fileColumns: { table: string; column: string }[] = await db.query(
      `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('character varying', 'text')
          AND column_name ~ '(^|_)(icon|image|logo|file|ipa)(_|$)'
        ORDER BY 1, 2`,
    );
    expect(fileColumns.map((c) => `${c.table}.${c.column}`).sort()).toEqual(
      expect.arrayContaining([
        "apps.icon_path",
        "apps.ipa_key",
        "banners.image_url",
        "dylibs.icon_path",
        "resource_shares.icon_path",
      ]),
    );
    for (const { table, column } of fileColumns) {
      const probe = `/uploads/icons/${randomBytes(16).toString("hex")}.png`;
      const [row] = await db.query(`SELECT id, ${column} AS v FROM ${table} LIMIT 1`);
      expect(row, `a ${table} row`).toBeDefined();
      await db.query(`UPDATE ${table} SET ${column} = $1 WHERE id = $2`, [probe, row.id]);
      const used = await server.services.storedFiles([probe]);
      await db.query(`UPDATE ${table} SET ${column} = $1 WHERE id = $2`, [row.v, row.id]);
      expect([`${table}.${column}`, used.has(probe)]).toEqual([`${table}.${column}`, true]);
    }
  });
});
