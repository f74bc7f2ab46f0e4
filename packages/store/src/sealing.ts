/**
 * Purposes (associated data) of the sealed columns server and worker both open or write: one definition each. A value
 * sealed under one purpose does not open under another (@gryx/platform/secrets). The owning domain's manifest lists
 * the same columns for key rotation.
 */
export const SEALING = {
  /** certificates.p12_sealed (and mall_orders.guest_p12_sealed: a guest's delivered pair). */
  certificateP12: "certificates.p12",
  /** certificates.password_sealed (and mall_orders.guest_password_sealed). */
  certificatePassword: "certificates.password",
  /** p8_keys.private_key_sealed: an App Store Connect API key. */
  p8PrivateKey: "p8_keys.private_key",
  /** cert_suppliers.api_key_sealed. */
  supplierApiKey: "cert_suppliers.api_key",
  /** storage_settings.secret_access_key_sealed: the S3 secret key saved from /admin/storage. */
  storageSecretKey: "storage_settings.secret_access_key",
} as const;
