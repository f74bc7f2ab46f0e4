import { createPublicKey } from "node:crypto";
import type { Keyring } from "@gryx/platform/secrets";
import { SignJWT, importPKCS8, jwtVerify } from "jose";
import type { DataSource } from "typeorm";
import { DomainError } from "../../common/errors";
import { parseId } from "../../common/validate";
import { P8_PURPOSE, P8KeyEntity } from "./certificate.entity";

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

const view = (r: P8KeyEntity): P8KeyView => ({
  id: r.id,
  name: r.name,
  issuerId: r.issuerId,
  keyId: r.keyId,
  createdAt: r.createdAt,
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
    return (await this.db.getRepository(P8KeyEntity).find({ order: { id: "DESC" } })).map(view);
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
    if (await this.db.getRepository(P8KeyEntity).existsBy({ keyId }))
      throw new DomainError("CONFLICT", "该 Key ID 已存在");
    const repo = this.db.getRepository(P8KeyEntity);
    const saved = await repo.save(
      repo.create({
        name,
        issuerId,
        keyId,
        privateKeySealed: this.secrets.seal(P8_PURPOSE, pem + "\n"),
        secretsKeyId: this.secrets.currentId,
        createdBy: adminId,
      }),
    );
    return view(saved);
  }

  async remove(rawId: unknown): Promise<void> {
    const res = await this.db.getRepository(P8KeyEntity).delete({ id: parseId(rawId, "密钥ID") });
    if (!res.affected) throw new DomainError("P8_KEY_NOT_FOUND");
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
