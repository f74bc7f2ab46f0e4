import { readFixture } from "../../../packages/apple/fixtures/fixtures";
import { postMultipart } from "../../support/form";

/** GraphQL calls straight to the app, for test setup. */
export async function gql<T>(
  baseURL: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseURL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data as T;
}

export async function registerUser(baseURL: string, username: string, password: string): Promise<void> {
  await gql(baseURL, "mutation($u: String!, $p: String!) { register(username: $u, password: $p) { id } }", {
    u: username,
    p: password,
  });
}

export interface LoginResult {
  token: string;
  user: { id: string; username: string; role: string; permissions: string[]; email: string | null };
}

export async function loginUser(baseURL: string, username: string, password: string): Promise<LoginResult> {
  const data = await gql<{ login: LoginResult }>(
    baseURL,
    "mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token user { id username role permissions email } } }",
    { u: username, p: password },
  );
  return data.login;
}

/** The fixture Mach-O dylib staged for a dylib's file (POST /api/dylib-management/upload): its uploadId. */
export async function stageDylibFile(baseURL: string, adminToken: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([readFixture("bin/libinject.dylib")]), "libinject.dylib");
  const staged = (await postMultipart(`${baseURL}/api/dylib-management/upload`, form, adminToken)).body as {
    data: { uploadId: string };
  };
  return staged.data.uploadId;
}

/**
 * A resource share with the fixture IPA as its file, created through the admin API (upload, then create with the
 * staged upload): `fields` are the ResourceShareInput's other fields (name, fees, ...). Returns its id.
 */
export async function createResourceShareWithIpa(
  baseURL: string,
  adminToken: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const form = new FormData();
  form.append("ipa", new Blob([readFixture("ipa/thin.ipa")]), "Demo.ipa");
  const staged = (await postMultipart(`${baseURL}/api/resource-shares/upload-ipa`, form, adminToken)).body as {
    data: { uploadId: string };
  };
  const { createResourceShare } = await gql<{ createResourceShare: { id: string } }>(
    baseURL,
    "mutation($input: ResourceShareInput!) { createResourceShare(input: $input) { id } }",
    { input: { version: "1.0", isActive: true, ...fields, fileUploadId: staged.data.uploadId } },
    adminToken,
  );
  return createResourceShare.id;
}
