import { generateKeyPairSync, randomUUID, X509Certificate, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import forge from "node-forge";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { buildPlist } from "../../packages/apple/src/plist";
import { signAttachedCms } from "../../packages/apple/src/cms";
import { fixturePath } from "../../packages/apple/fixtures/fixtures";

/**
 * A local App Store Connect–compatible API for the mall's fulfilment tests (and `npm run bench:mall`). It checks
 * every request's token like the real one: an ES256 JWT whose `kid` is a registered key, signed by that key, `iss`
 * its issuer, `aud` appstoreconnect-v1, unexpired and at most 20 minutes long; a revoked key is 401. It answers in
 * App Store Connect's JSON:API shapes and status codes: devices (`filter[udid]`, 201, 409 for a duplicate, 409 at
 * the team's device limit), bundle ids, certificates (`filter[serialNumber]`), profiles (ad hoc, with
 * `profileContent`: a plist signed like Apple's with the fixtures' profile signer). Faults can be queued (429,
 * 500, a slow answer) per method and path.
 */

interface Team {
  teamId: string;
  teamName: string;
  deviceLimit: number;
  devices: { id: string; udid: string; name: string; addedDate: string }[];
  bundleIds: { id: string; identifier: string; name: string }[];
  certificates: { id: string; serialNumber: string; der: Buffer }[];
  profiles: { id: string; name: string; content: string; deviceIds: string[] }[];
}

export interface AscKeyInfo {
  keyId: string;
  issuerId: string;
  /** The .p8 (PKCS#8 PEM). */
  pem: string;
  teamId: string;
}

export interface AscServer {
  url: string;
  /** Adds a team (an account) with a key and the certificate it holds; returns the key to register as a .p8. */
  addTeam(opts: {
    teamId: string;
    teamName?: string;
    deviceLimit?: number;
    certificateDer: Buffer;
    preRegistered?: string[];
  }): AscKeyInfo;
  revokeKey(keyId: string): void;
  /** The next `count` requests matching method and path prefix answer `status` (or wait `delayMs` first). */
  fault(method: string, pathPrefix: string, f: { status?: number; delayMs?: number; count?: number }): void;
  /** POST /v1/devices that created a device, per UDID (across teams). */
  registrations(udid: string): number;
  team(teamId: string): Team;
  requests: { method: string; path: string; status: number; kid: string | null }[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const error = (res: ServerResponse, status: number, code: string, title: string, detail: string) =>
  json(res, status, { errors: [{ id: randomUUID(), status: String(status), code, title, detail }] });

let signer: { certificateDer: Buffer; privateKey: forge.pki.rsa.PrivateKey; chain: Buffer[] } | undefined;
function profileSigner() {
  if (!signer) {
    const pem = readFileSync(fixturePath("pki/profile-signer.pem"), "utf8");
    const cert = forge.pki.certificateFromPem(pem);
    signer = {
      certificateDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary"),
      privateKey: forge.pki.privateKeyFromPem(
        readFileSync(fixturePath("pki/profile-signer.key"), "utf8"),
      ) as forge.pki.rsa.PrivateKey,
      // Like Apple's, the profile's CMS carries the signer's intermediate (here the fixtures' WWDR), so its signature
      // chains to the fixtures' root that APPLE_EXTRA_ROOTS lists.
      chain: [new X509Certificate(readFileSync(fixturePath("pki/wwdr.pem"))).raw],
    };
  }
  return signer;
}

/** An ad hoc profile for the wildcard app id, the certificate and the devices, signed like Apple's. */
export function ascProfile(
  name: string,
  teamId: string,
  certDer: Buffer,
  udids: string[],
  teamName = `Team ${teamId}`,
): Buffer {
  const team = { teamId, teamName };
  const now = new Date();
  const plist = buildPlist({
    AppIDName: "Wildcard",
    ApplicationIdentifierPrefix: [team.teamId],
    CreationDate: now,
    Platform: ["iOS"],
    IsXcodeManaged: false,
    DeveloperCertificates: [certDer],
    Entitlements: {
      "application-identifier": `${team.teamId}.*`,
      "keychain-access-groups": [`${team.teamId}.*`],
      "get-task-allow": false,
      "com.apple.developer.team-identifier": team.teamId,
    },
    ExpirationDate: new Date(now.getTime() + 365 * 86_400_000),
    Name: name,
    ProvisionedDevices: udids,
    TeamIdentifier: [team.teamId],
    TeamName: team.teamName,
    TimeToLive: 365,
    UUID: randomUUID().toUpperCase(),
    Version: 1,
  });
  return signAttachedCms(profileSigner(), Buffer.from(plist, "utf8"));
}

export async function startAscServer(): Promise<AscServer> {
  const teams = new Map<string, Team>();
  const keys = new Map<string, { issuerId: string; publicKey: KeyObject; teamId: string; revoked: boolean }>();
  const faults: { method: string; prefix: string; status?: number; delayMs?: number; count: number }[] = [];
  const registrations = new Map<string, number>();
  const requests: AscServer["requests"] = [];
  let seq = 0;
  const id = (p: string) => `${p}${(++seq).toString(36).toUpperCase().padStart(8, "0")}`;

  async function authorize(
    req: IncomingMessage,
  ): Promise<{ team: Team; kid: string } | { status: number; detail: string; kid: string | null }> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return { status: 401, detail: "Authentication credentials are missing or invalid.", kid: null };
    let kid: string | null = null;
    try {
      const header = decodeProtectedHeader(token);
      kid = typeof header.kid === "string" ? header.kid : null;
      if (header.alg !== "ES256" || !kid) throw new Error("alg/kid");
      const key = keys.get(kid);
      if (!key || key.revoked) throw new Error("unknown or revoked key");
      const { payload } = await jwtVerify(token, key.publicKey, {
        algorithms: ["ES256"],
        issuer: key.issuerId,
        audience: "appstoreconnect-v1",
      });
      if (typeof payload.exp !== "number" || payload.exp - (payload.iat ?? Math.floor(Date.now() / 1000)) > 20 * 60)
        throw new Error("token lifetime over 20 minutes");
      return { team: teams.get(key.teamId)!, kid };
    } catch {
      return {
        status: 401,
        detail: "Provide a properly configured and signed bearer token, and make sure that it has not expired.",
        kid,
      };
    }
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const method = req.method ?? "GET";
    const path = url.pathname;
    let body = "";
    for await (const chunk of req) body += chunk;
    const auth = await authorize(req);
    const record = (status: number) => requests.push({ method, path, status, kid: "kid" in auth ? auth.kid : null });
    if (!("team" in auth)) {
      record(401);
      return error(res, 401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.", auth.detail);
    }
    const fault = faults.find((f) => f.method === method && path.startsWith(f.prefix) && f.count > 0);
    if (fault) {
      fault.count--;
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.status) {
        record(fault.status);
        if (fault.status === 429)
          return error(
            res,
            429,
            "RATE_LIMIT_EXCEEDED",
            "The request rate limit has been reached.",
            "We've received too many requests for this API. Please wait and try again or slow down your request rate.",
          );
        return error(
          res,
          fault.status,
          "UNEXPECTED_ERROR",
          "An unexpected error occurred.",
          "An unexpected error occurred on the server side. If this issue continues, contact us at https://developer.apple.com/contact/.",
        );
      }
    }
    const team = auth.team;
    const filter = (k: string) => url.searchParams.get(`filter[${k}]`);
    let input: any = null;
    try {
      input = body ? JSON.parse(body) : null;
    } catch {
      record(400);
      return error(
        res,
        400,
        "PARAMETER_ERROR.INVALID",
        "A parameter has an invalid value",
        "The request body is not valid JSON.",
      );
    }
    const send = (status: number, payload: unknown) => {
      record(status);
      json(res, status, payload);
    };
    const deviceRes = (d: Team["devices"][number]) => ({
      type: "devices",
      id: d.id,
      attributes: {
        name: d.name,
        udid: d.udid,
        platform: "IOS",
        status: "ENABLED",
        deviceClass: "IPHONE",
        addedDate: d.addedDate,
      },
      links: { self: `/v1/devices/${d.id}` },
    });
    const profileRes = (p: Team["profiles"][number]) => ({
      type: "profiles",
      id: p.id,
      attributes: {
        name: p.name,
        platform: "IOS",
        profileType: "IOS_APP_ADHOC",
        profileState: "ACTIVE",
        profileContent: p.content,
        uuid: p.id,
      },
      links: { self: `/v1/profiles/${p.id}` },
    });

    if (method === "GET" && path === "/v1/devices") {
      const udid = filter("udid");
      const list = team.devices.filter((d) => !udid || d.udid.toLowerCase() === udid.toLowerCase());
      return send(200, {
        data: list.map(deviceRes),
        links: { self: req.url },
        meta: { paging: { total: list.length, limit: 200 } },
      });
    }
    if (method === "POST" && path === "/v1/devices") {
      const a = input?.data?.attributes;
      if (
        input?.data?.type !== "devices" ||
        typeof a?.udid !== "string" ||
        typeof a?.name !== "string" ||
        a?.platform !== "IOS"
      ) {
        record(422);
        return error(
          res,
          422,
          "ENTITY_ERROR.ATTRIBUTE.REQUIRED",
          "The provided entity is missing a required attribute",
          "You must provide a value for the attribute 'udid' with this request",
        );
      }
      if (team.devices.some((d) => d.udid.toLowerCase() === a.udid.toLowerCase())) {
        record(409);
        return error(
          res,
          409,
          "ENTITY_ERROR.ATTRIBUTE.INVALID",
          "An attribute value is not acceptable for the current resource state.",
          `A device with number '${a.udid}' already exists on this team.`,
        );
      }
      if (team.devices.length >= team.deviceLimit) {
        record(409);
        return error(
          res,
          409,
          "ENTITY_ERROR.ATTRIBUTE.INVALID",
          "An attribute value is not acceptable for the current resource state.",
          "There are no current ios devices on this team matching the provided device IDs. You have reached the maximum number of devices for this platform.",
        );
      }
      const d = { id: id("D"), udid: a.udid, name: a.name, addedDate: new Date().toISOString() };
      team.devices.push(d);
      registrations.set(a.udid.toLowerCase(), (registrations.get(a.udid.toLowerCase()) ?? 0) + 1);
      return send(201, { data: deviceRes(d), links: { self: `/v1/devices/${d.id}` } });
    }
    if (method === "GET" && path === "/v1/bundleIds") {
      const ident = filter("identifier");
      const list = team.bundleIds.filter((b) => !ident || b.identifier === ident);
      return send(200, {
        data: list.map((b) => ({
          type: "bundleIds",
          id: b.id,
          attributes: { identifier: b.identifier, name: b.name, platform: "IOS", seedId: team.teamId },
        })),
        meta: { paging: { total: list.length, limit: 200 } },
      });
    }
    if (method === "POST" && path === "/v1/bundleIds") {
      const a = input?.data?.attributes;
      if (team.bundleIds.some((b) => b.identifier === a?.identifier)) {
        record(409);
        return error(
          res,
          409,
          "ENTITY_ERROR.ATTRIBUTE.INVALID",
          "An attribute value is not acceptable for the current resource state.",
          "An App ID with Identifier '*' is not available. Please enter a different string.",
        );
      }
      const b = { id: id("B"), identifier: String(a?.identifier ?? ""), name: String(a?.name ?? "") };
      team.bundleIds.push(b);
      return send(201, {
        data: {
          type: "bundleIds",
          id: b.id,
          attributes: { identifier: b.identifier, name: b.name, platform: "IOS", seedId: team.teamId },
        },
      });
    }
    if (method === "GET" && path === "/v1/certificates") {
      const serial = filter("serialNumber");
      const list = team.certificates.filter((c) => !serial || c.serialNumber.toLowerCase() === serial.toLowerCase());
      return send(200, {
        data: list.map((c) => ({
          type: "certificates",
          id: c.id,
          attributes: {
            serialNumber: c.serialNumber,
            certificateType: "IOS_DISTRIBUTION",
            certificateContent: c.der.toString("base64"),
            platform: "IOS",
          },
        })),
        meta: { paging: { total: list.length, limit: 200 } },
      });
    }
    if (method === "GET" && path === "/v1/profiles") {
      const name = filter("name");
      const list = team.profiles.filter((p) => !name || p.name === name);
      return send(200, { data: list.map(profileRes), meta: { paging: { total: list.length, limit: 200 } } });
    }
    const one = /^\/v1\/profiles\/([^/]+)$/.exec(path);
    if (method === "GET" && one) {
      const p = team.profiles.find((x) => x.id === one[1]);
      if (!p) {
        record(404);
        return error(
          res,
          404,
          "NOT_FOUND",
          "The specified resource does not exist",
          `There is no resource of type 'profiles' with id '${one[1]}'`,
        );
      }
      return send(200, { data: profileRes(p) });
    }
    if (method === "POST" && path === "/v1/profiles") {
      const d = input?.data;
      const bundle = team.bundleIds.find((b) => b.id === d?.relationships?.bundleId?.data?.id);
      const certs = (d?.relationships?.certificates?.data ?? []).map((r: { id: string }) =>
        team.certificates.find((c) => c.id === r.id),
      );
      const devices = (d?.relationships?.devices?.data ?? []).map((r: { id: string }) =>
        team.devices.find((x) => x.id === r.id),
      );
      if (
        d?.type !== "profiles" ||
        d?.attributes?.profileType !== "IOS_APP_ADHOC" ||
        typeof d?.attributes?.name !== "string" ||
        !bundle ||
        !certs.length ||
        certs.includes(undefined) ||
        !devices.length ||
        devices.includes(undefined)
      ) {
        record(409);
        return error(
          res,
          409,
          "ENTITY_ERROR.RELATIONSHIP.INVALID",
          "The provided entity includes a relationship with an invalid value",
          "One or more of the given relationships does not exist or cannot be used.",
        );
      }
      if (team.profiles.some((p) => p.name === d.attributes.name)) {
        record(409);
        return error(
          res,
          409,
          "ENTITY_ERROR.ATTRIBUTE.INVALID",
          "An attribute value is not acceptable for the current resource state.",
          "Multiple profiles found with the name. Please remove the duplicate profiles and try again.",
        );
      }
      // The profile belongs to the certificate's team (its subject OU), as App Store Connect's do.
      const certTeam =
        forge.pki.certificateFromAsn1(forge.asn1.fromDer(certs[0].der.toString("binary"))).subject.getField("OU")
          ?.value ?? team.teamId;
      const content = ascProfile(
        d.attributes.name,
        certTeam,
        certs[0].der,
        devices.map((x: Team["devices"][number]) => x.udid),
        team.teamName,
      ).toString("base64");
      const p = {
        id: id("P"),
        name: d.attributes.name,
        content,
        deviceIds: devices.map((x: Team["devices"][number]) => x.id),
      };
      team.profiles.push(p);
      return send(201, { data: profileRes(p) });
    }
    record(404);
    error(
      res,
      404,
      "NOT_FOUND",
      "The specified resource does not exist",
      `The path provided does not match a defined resource type.`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    addTeam({ teamId, teamName, deviceLimit, certificateDer, preRegistered }) {
      const team: Team = {
        teamId,
        teamName: teamName ?? `Team ${teamId}`,
        deviceLimit: deviceLimit ?? 100,
        devices: [],
        bundleIds: [],
        certificates: [],
        profiles: [],
      };
      const cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(certificateDer.toString("binary")));
      team.certificates.push({ id: id("C"), serialNumber: cert.serialNumber.toUpperCase(), der: certificateDer });
      for (const udid of preRegistered ?? [])
        team.devices.push({ id: id("D"), udid, name: "pre", addedDate: new Date().toISOString() });
      teams.set(teamId, team);
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const keyId = id("K").slice(-10).padStart(10, "0");
      const issuerId = randomUUID();
      keys.set(keyId, { issuerId, publicKey, teamId, revoked: false });
      const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim();
      return { keyId, issuerId, pem, teamId };
    },
    revokeKey(keyId) {
      const k = keys.get(keyId);
      if (k) k.revoked = true;
    },
    fault(method, pathPrefix, f) {
      faults.push({ method, prefix: pathPrefix, status: f.status, delayMs: f.delayMs, count: f.count ?? 1 });
    },
    registrations: (udid) => registrations.get(udid.toLowerCase()) ?? 0,
    team: (teamId) => teams.get(teamId)!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
