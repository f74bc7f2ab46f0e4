import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

import {
  SEALING,
  type CertificateScope,
  type CertificateStatus,
  type CertificateType,
  type ProfileKind,
} from "@gryx/store";

// The table's vocabulary is the certificates owner's (@gryx/store), declared once for server and worker.
export {
  CERTIFICATE_STATUSES,
  type CertificateScope,
  type CertificateStatus,
  type CertificateType,
  type ProfileKind,
} from "@gryx/store";

/** Purposes (associated data) of the sealed columns; the domain's `sealed` list names the same. */
export const P12_PURPOSE = SEALING.certificateP12;
export const PASSWORD_PURPOSE = SEALING.certificatePassword;

/**
 * One signing identity (a .p12 and its password) with its provisioning profile. The p12 and the password are sealed
 * with the keyring (@gryx/platform/secrets) under the key `secrets_key_id`; everything else is public material
 * parsed at upload: the leaf certificate (DER) and its issuers up to the trusted root, the profile's bytes and fields.
 */
@Entity({ name: "certificates" })
export class CertificateEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 8 })
  scope: CertificateScope;

  /** The owner (null for a platform certificate). */
  @Column({ type: "integer", name: "user_id", nullable: true })
  userId: number | null;

  @Column({ type: "varchar", length: 50 })
  name: string;

  @Column({ type: "text", name: "p12_sealed", select: false })
  p12Sealed: string;

  @Column({ type: "text", name: "password_sealed", select: false })
  passwordSealed: string;

  @Column({ type: "varchar", length: 32, name: "secrets_key_id" })
  secretsKeyId: string;

  /** The leaf certificate, DER. */
  @Column({ type: "bytea", name: "certificate_der" })
  certificateDer: Buffer;

  /** Its issuers, nearest first, ending at the trusted root (DER each): what an OCSP request needs. */
  @Column({ type: "bytea", array: true, name: "chain_der" })
  chainDer: Buffer[];

  @Column({ type: "bytea", select: false })
  profile: Buffer;

  @Column({ type: "varchar", length: 200, name: "common_name" })
  commonName: string;

  @Column({ type: "varchar", length: 20, name: "team_id" })
  teamId: string;

  @Column({ type: "varchar", length: 200, name: "team_name" })
  teamName: string;

  @Column({ type: "varchar", length: 16, name: "cert_type" })
  certType: CertificateType;

  /** Lowercase hex. */
  @Column({ type: "varchar", length: 64, name: "serial_number" })
  serialNumber: string;

  /** SHA-1 of the certificate, uppercase hex (what Keychain shows). */
  @Column({ type: "char", length: 40, name: "sha1" })
  sha1: string;

  @Column({ type: "timestamptz", name: "not_before" })
  notBefore: Date;

  @Column({ type: "timestamptz", name: "not_after" })
  notAfter: Date;

  @Column({ type: "varchar", length: 200, name: "profile_name" })
  profileName: string;

  @Column({ type: "varchar", length: 64, name: "profile_uuid" })
  profileUuid: string;

  /** The full application identifier, e.g. TEAMID1234.com.example.* */
  @Column({ type: "varchar", length: 255, name: "app_id" })
  appId: string;

  @Column({ type: "varchar", length: 16, name: "profile_type" })
  profileType: ProfileKind;

  @Column({ type: "jsonb" })
  entitlements: Record<string, unknown>;

  @Column({ type: "text", array: true, name: "devices" })
  devices: string[];

  @Column({ type: "boolean", name: "all_devices" })
  allDevices: boolean;

  @Column({ type: "timestamptz", name: "profile_created_at" })
  profileCreatedAt: Date;

  @Column({ type: "timestamptz", name: "profile_expires_at" })
  profileExpiresAt: Date;

  /** The earlier of the certificate's and the profile's expiry: when this pair stops signing. */
  @Column({ type: "timestamptz", name: "expires_at" })
  expiresAt: Date;

  @Column({ type: "varchar", length: 10, default: "unchecked" })
  status: CertificateStatus;

  @Column({ type: "timestamptz", name: "checked_at", nullable: true })
  checkedAt: Date | null;

  /** Why the last check said what it said (revocation reason and time, the responder's failure, …). */
  @Column({ type: "text", name: "status_reason", nullable: true })
  statusReason: string | null;

  /**
   * The demo certificate (演示证书) the default run seeds outside production (demo/certificate, a generated PKI):
   * a platform certificate every user may sign with while config.offerDemoCertificate is on, and never otherwise.
   */
  @Column({ type: "boolean", default: false })
  demo: boolean;

  /** Temporary certificates only: when it is removed. */
  @Column({ type: "timestamptz", name: "temp_expires_at", nullable: true })
  tempExpiresAt: Date | null;

  /** A temporary certificate imported from one of the owner's certificates: that one. */
  @Column({ type: "integer", name: "source_certificate_id", nullable: true })
  sourceCertificateId: number | null;

  /** 掉签后自动使用: the owner's one backup certificate for re-signing after another of theirs is revoked. */
  @Column({ type: "boolean", name: "auto_resign", default: false })
  autoResign: boolean;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}

/** An App Store Connect API key: issuer id, key id and the .p8 private key (sealed). */
@Entity({ name: "p8_keys" })
export class P8KeyEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 50 })
  name: string;

  @Column({ type: "varchar", length: 36, name: "issuer_id" })
  issuerId: string;

  @Column({ type: "varchar", length: 10, name: "key_id" })
  keyId: string;

  @Column({ type: "text", name: "private_key_sealed", select: false })
  privateKeySealed: string;

  @Column({ type: "varchar", length: 32, name: "secrets_key_id" })
  secretsKeyId: string;

  @Column({ type: "integer", name: "created_by", nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}

export const P8_PURPOSE = SEALING.p8PrivateKey;
