import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";

export const PROVIDERS = ["qq", "apple"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A login provider's settings (/admin/oauth-config); the secret sealed with the keyring, never answered. */
@Entity({ name: "oauth_configs" })
export class OAuthConfigEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: 16 })
  provider: Provider;

  @Column({ type: "boolean", default: false })
  enabled: boolean;

  @Column({ type: "varchar", length: 128, name: "app_id" })
  appId: string;

  @Column({ type: "text", name: "app_secret_sealed", nullable: true })
  appSecretSealed: string | null;

  @Column({ type: "varchar", length: 255, default: "" })
  scope: string;

  @Column({ type: "varchar", length: 500, name: "redirect_uri", default: "" })
  redirectUri: string;

  @Column({ type: "varchar", length: 500, name: "base_url", nullable: true })
  baseUrl: string | null;

  @Column({ type: "varchar", length: 500, name: "sdk_url", nullable: true })
  sdkUrl: string | null;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz", name: "updated_at" })
  updatedAt: Date;
}

/** An account's login through a provider: QQ's openid (and unionid), Apple's `sub`. One per provider per account. */
@Entity({ name: "oauth_identities" })
export class OAuthIdentityEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 16 })
  provider: Provider;

  @Column({ type: "varchar", length: 255 })
  subject: string;

  @Column({ type: "varchar", length: 255, nullable: true })
  unionid: string | null;

  @Column({ type: "varchar", length: 100, nullable: true })
  nickname: string | null;

  @Column({ type: "varchar", length: 500, name: "avatar_url", nullable: true })
  avatarUrl: string | null;

  @Column({ type: "varchar", length: 254, nullable: true })
  email: string | null;

  @Column({ type: "boolean", name: "is_private_email", default: false })
  isPrivateEmail: boolean;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "last_login_at", nullable: true })
  lastLoginAt: Date | null;
}
