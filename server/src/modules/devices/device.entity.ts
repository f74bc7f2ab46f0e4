import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

/**
 * A device captured through the UDID profile service: one row per UDID (a new capture of the same UDID updates the
 * attributes and, when someone is logged in, the owner). `userId` is null until the device is claimed (a guest's
 * capture, or after an unbind).
 */
@Entity({ name: "devices" })
export class DeviceEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "user_id", nullable: true })
  userId: number | null;

  /** 25 characters with a dash (newer devices) or 40 hex digits (older ones), upper case. */
  @Column({ type: "varchar", length: 40, unique: true })
  udid: string;

  /** Apple's model identifier, e.g. iPhone15,2 (see device_models for the marketing name). */
  @Column({ type: "varchar", length: 32, default: "" })
  product: string;

  /** iOS build (e.g. 21E236). */
  @Column({ type: "varchar", length: 32, default: "" })
  version: string;

  @Column({ type: "varchar", length: 32, default: "" })
  serial: string;

  @Column({ type: "varchar", length: 32, nullable: true })
  imei: string | null;

  @Column({ type: "timestamptz", name: "bound_at", nullable: true })
  boundAt: Date | null;

  @Column({ type: "timestamptz", name: "unbound_at", nullable: true })
  unboundAt: Date | null;

  /** The last time the device posted its attributes. */
  @Column({ type: "timestamptz", name: "captured_at" })
  capturedAt: Date;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}

/**
 * One capture: created when a profile is served (for the logged-in user) or by a guest; the device's POST to
 * /api/udid/relay/{id} uses it once before `expiresAt`. `consumedAt` is when its result was claimed.
 */
@Entity({ name: "udid_sessions" })
export class UdidSessionEntity {
  /** 32 hex characters from crypto.randomBytes: the one-time relay id. */
  @PrimaryColumn({ type: "char", length: 32 })
  id: string;

  @Column({ type: "integer", name: "user_id", nullable: true })
  userId: number | null;

  /** Where to send the browser after the capture: a site-relative path. */
  @Column({ type: "varchar", length: 500, default: "/" })
  back: string;

  /** Site origin given by the page (front), when it is one the server accepts. */
  @Column({ type: "varchar", length: 200, nullable: true })
  front: string | null;

  @Column({ type: "timestamptz", name: "expires_at" })
  expiresAt: Date;

  /** Set by the device's POST: the session cannot relay twice. */
  @Column({ type: "timestamptz", name: "relayed_at", nullable: true })
  relayedAt: Date | null;

  @Column({ type: "integer", name: "device_id", nullable: true })
  deviceId: number | null;

  @Column({ type: "timestamptz", name: "consumed_at", nullable: true })
  consumedAt: Date | null;

  @Column({ type: "integer", name: "consumed_by", nullable: true })
  consumedBy: number | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}

/** PRODUCT identifier → marketing name; seeded with iPhone and iPad models, edited by admins. */
@Entity({ name: "device_models" })
export class DeviceModelEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 32, unique: true })
  product: string;

  @Column({ type: "varchar", length: 64 })
  name: string;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}

/** The site's profile-signing identity (one row, id 1): p12 and password sealed with the keyring. */
@Entity({ name: "udid_signing_identity" })
export class UdidSigningIdentityEntity {
  @PrimaryColumn({ type: "integer" })
  id: number;

  @Column({ type: "text", name: "p12_sealed" })
  p12Sealed: string;

  @Column({ type: "text", name: "password_sealed" })
  passwordSealed: string;

  @Column({ type: "varchar", length: 200, name: "common_name" })
  commonName: string;

  @Column({ type: "timestamptz", name: "not_after" })
  notAfter: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}
