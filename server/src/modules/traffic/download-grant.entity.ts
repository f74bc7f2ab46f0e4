import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";

/** A paid traffic fee: the holder of its token may download the item until `expiresAt`. */
@Entity({ name: "download_grants" })
export class DownloadGrantEntity {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer", name: "user_id" })
  userId: number;

  @Column({ type: "varchar", length: 16, name: "item_kind" })
  itemKind: string;

  @Column({ type: "integer", name: "item_id" })
  itemId: number;

  @Column({ type: "varchar", length: 64, name: "quote_nonce" })
  quoteNonce: string;

  /** SHA-256 of the token (the token itself is derived from the nonce and never stored). */
  @Column({ type: "varchar", length: 64, name: "token_hash" })
  tokenHash: string;

  @Column({ type: "bigint", name: "fee_fen" })
  feeFen: string;

  @Column({ type: "varchar", length: 32, name: "order_no" })
  orderNo: string;

  @Column({ type: "timestamptz", name: "created_at" })
  createdAt: Date;

  @Column({ type: "timestamptz", name: "expires_at" })
  expiresAt: Date;
}
