import { createPublicKey } from "node:crypto";
import type { Keyring } from "@gryx/platform/secrets";
import { SignJWT, importPKCS8, jwtVerify } from "jose";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import { SEALING, deleteP8Key, insertP8Key, listP8Keys, p8KeyIdTaken, type P8KeyRow } from "@gryx/store";

/** Purpose (associated data) of the sealed private key; the domain's `sealed` list names the same. */
export const P8_PURPOSE = SEALING.p8PrivateKey;

export const P8_MAX_BYTES = 8 * 1024;

export interface P8KeyInput {
  name?: unknown;
  issuerId?: unknown;
  keyId?: unknown;
  /** The .p8 file's text (PKCS#8 PEM). */
  privateKey?: unknown;
}

export interface P8KeyView {
  id: number;
  name: string;
  issuerId: string;
  keyId: string;
  createdAt: Date;
}

const view = (r: P8KeyRow): P8KeyView => ({
  id: r.id,
  name: r.name,
  issuerId: r.issuer_id,
  keyId: r.key_id,
  createdAt: r.created_at,
});

/**
 * App Store Connect API keys (admin). A key is accepted only when it signs: the .p8 is imported as an ES256
 * (EC P-256, PKCS#8) key, a token in App Store Connect's form (kid, iss, aud appstoreconnect-v1, 20 minutes) is
 * signed with it and verified with its public half. The private key is stored sealed; nothing of it is ever answered.
 */
export class P8KeysService {
  constructor(
    private readonly db: DataSource,
    private readonly secrets: Keyring,
  ) {}

  async list(): Promise<P8KeyView[]> {
    return (await listP8Keys(this.db)).map(view);
  }

  async create(adminId: number, input: P8KeyInput): Promise<P8KeyView> {
    const name = typeof input.name === "string" ? input.name.trim() : "";
    if (name.length < 1 || name.length > 50) throw new DomainError("P8_NAME_INVALID");
    const issuerId = typeof input.issuerId === "string" ? input.issuerId.trim().toLowerCase() : "";
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(issuerId))
      throw new DomainError("P8_ISSUER_ID_INVALID");
    const keyId = typeof input.keyId === "string" ? input.keyId.trim() : "";
    if (!/^[A-Z0-9]{10}$/.test(keyId)) throw new DomainError("P8_KEY_ID_INVALID");
    const pem = typeof input.privateKey === "string" ? input.privateKey.trim() : "";
    if (!pem || pem.length > P8_MAX_BYTES) throw new DomainError("P8_KEY_INVALID");
    await signTestToken(pem, keyId, issuerId);
    if (await p8KeyIdTaken(this.db, keyId)) throw new DomainError("CONFLICT", "该 Key ID 已存在");
    const saved = await insertP8Key(this.db, {
      name,
      issuerId,
      keyId,
      privateKeySealed: this.secrets.seal(P8_PURPOSE, pem + "\n"),
      secretsKeyId: this.secrets.currentId,
      createdBy: adminId,
    });
    return view(saved);
  }

  async remove(rawId: unknown): Promise<void> {
    if (!(await deleteP8Key(this.db, parseId(rawId, "密钥ID")))) throw new DomainError("P8_KEY_NOT_FOUND");
  }
}

/** Signs and verifies an App Store Connect token with the key; anything but a working ES256 key is P8_KEY_INVALID. */
async function signTestToken(pem: string, keyId: string, issuerId: string): Promise<string> {
  try {
    if (!/^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----$/.test(pem)) throw new Error("not a PKCS#8 PEM");
    const key = await importPKCS8(pem, "ES256");
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ aud: "appstoreconnect-v1" })
      .setProtectedHeader({ alg: "ES256", kid: keyId, typ: "JWT" })
      .setIssuer(issuerId)
      .setIssuedAt(now)
      .setExpirationTime(now + 20 * 60)
      .sign(key);
    await jwtVerify(token, createPublicKey(pem), {
      algorithms: ["ES256"],
      issuer: issuerId,
      audience: "appstoreconnect-v1",
    });
    return token;
  } catch {
    throw new DomainError("P8_KEY_INVALID");
  }
}
