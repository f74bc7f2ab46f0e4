import { readFileSync } from "node:fs";
import path from "node:path";
import { postMultipart } from "./form";

/** A small real IPA of the demo catalogue (demo/ipas), for catalogue apps that need a package. */
export const DEMO_IPA_PATH = path.join(__dirname, "../../demo/ipas/notes.ipa");

/**
 * Creates a catalogue app as the admin does in the back office: uploads the IPA (`/api/apps/upload-ipa`), then
 * creates the app with its uploadId and `fields`. Returns the app's id.
 */
export async function createAppWithPackage(
  baseUrl: string,
  adminToken: string,
  fields: Record<string, unknown>,
  ipa: Buffer = readFileSync(DEMO_IPA_PATH),
): Promise<number> {
  const form = new FormData();
  form.append("ipa", new Blob([ipa]), "app.ipa");
  const auth = { authorization: `Bearer ${adminToken}` };
  const up = await postMultipart(`${baseUrl}/api/apps/upload-ipa`, form, adminToken);
  const staged = up.body as { data?: { uploadId: string } };
  if (up.status !== 200 || !staged.data) throw new Error(`IPA upload failed: ${up.status} ${JSON.stringify(staged)}`);
  const r = await fetch(`${baseUrl}/api/apps`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ ...fields, uploadId: staged.data.uploadId }),
  });
  const created = (await r.json()) as { data?: { id: number } };
  if (r.status !== 200 || !created.data) throw new Error(`app create failed: ${r.status} ${JSON.stringify(created)}`);
  return created.data.id;
}
