import { uploadsDir } from "../support/stored-files";
import fs from "node:fs";
import path from "node:path";
import { encodePng } from "@gryx/apple/png";
import { client, startInProcess } from "../support/inprocess";

/** Helpers shared by the site-content integration tests. */
export type Server = Awaited<ReturnType<typeof startInProcess>>;
export type Client = ReturnType<typeof client>;

/** A real PNG of the given size (solid colour). */
export function png(width = 4, height = 3): Buffer {
  return encodePng(width, height, new Uint8Array(width * height * 4).fill(200));
}

/** POSTs one file as multipart/form-data in `field`, with the client's token. */
export async function upload(
  server: Server,
  token: string | undefined,
  urlPath: string,
  field: string,
  data: Buffer,
  filename = "a.png",
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), filename);
  const res = await fetch(server.url + urlPath, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}

/** Names of the public files stored under /uploads/<kind>/. */
export function storedFiles(server: Server, kind: string): string[] {
  const dir = path.join(uploadsDir(server.services), kind);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

export function storedFileExists(server: Server, url: string): boolean {
  return fs.existsSync(path.join(uploadsDir(server.services), url.replace(/^\/uploads\//, "")));
}

/** An admin client, a plain user client and a guest client. */
export async function clients(server: Server, username: string) {
  const admin = client(server.url);
  const adminData = await admin.login("admin", server.adminPassword);
  const user = client(server.url);
  const reg = await user.rest("POST", "/api/auth/register", { username, password: "secret12" });
  if (reg.status !== 200) throw new Error(`register failed ${reg.status} ${JSON.stringify(reg.body)}`);
  const userData = await user.login(username, "secret12");
  return {
    admin,
    adminToken: adminData.token as string,
    user,
    userToken: userData.token as string,
    userId: Number(userData.user.id),
    guest: client(server.url),
  };
}

export async function versions(c: Client): Promise<Record<string, string>> {
  return (await c.gql(`{ contentVersions { banners announcements qqGroups settings } }`)).body.data.contentVersions;
}
