import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The certificate mall: packages and their price plans, the fulfilment sources (App Store Connect accounts = a .p8
 * key paired with a platform certificate; suppliers speaking our JSON protocol), mall orders (one row per
 * purchase, warranty re-issue or card-key redemption: the snapshot of what was bought, the device, the
 * fulfilment's state and what App Store Connect or the supplier answered) and each order's log.
 */
export class Mall1764500000000 implements MigrationInterface {
  name = "Mall1764500000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cert_suppliers (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        base_url varchar(500) NOT NULL,
        api_key_sealed text NOT NULL CHECK (api_key_sealed LIKE 'v2:%'),
        secrets_key_id varchar(32) NOT NULL,
        product_map jsonb NOT NULL DEFAULT '{}',
        timeout_ms integer NOT NULL DEFAULT 15000 CHECK (timeout_ms BETWEEN 1000 AND 120000),
        enabled boolean NOT NULL DEFAULT true,
        last_test_at timestamptz,
        last_test_ok boolean,
        last_test_message varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE cert_packages (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        description varchar(1000) NOT NULL DEFAULT '',
        kind varchar(12) NOT NULL CHECK (kind IN ('shared', 'stable', 'dedicated')),
        source varchar(12) NOT NULL CHECK (source IN ('asc', 'supplier', 'manual', 'platform')),
        supplier_id integer REFERENCES cert_suppliers(id) ON DELETE SET NULL,
        certificate_id integer REFERENCES certificates(id) ON DELETE SET NULL,
        device_type varchar(8) NOT NULL CHECK (device_type IN ('iphone', 'ipad', 'all')),
        enabled boolean NOT NULL DEFAULT true,
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE cert_plans (
        id serial PRIMARY KEY,
        package_id integer NOT NULL REFERENCES cert_packages(id) ON DELETE CASCADE,
        name varchar(50) NOT NULL,
        duration_days integer NOT NULL CHECK (duration_days BETWEEN 1 AND 3650),
        price_fen bigint NOT NULL CHECK (price_fen > 0),
        warranty_days integer NOT NULL DEFAULT 0 CHECK (warranty_days BETWEEN 0 AND 3650),
        renewal_discount_pct integer NOT NULL DEFAULT 0 CHECK (renewal_discount_pct BETWEEN 0 AND 90),
        stock integer CHECK (stock >= 0),
        sold integer NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX cert_plans_package ON cert_plans (package_id, sort_order, id)`);
    await q.query(`
      CREATE TABLE asc_accounts (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        p8_key_id integer NOT NULL UNIQUE REFERENCES p8_keys(id) ON DELETE CASCADE,
        certificate_id integer NOT NULL REFERENCES certificates(id) ON DELETE CASCADE,
        device_limit integer NOT NULL DEFAULT 100 CHECK (device_limit BETWEEN 1 AND 1000),
        status varchar(8) NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'full', 'bad')),
        status_reason varchar(500),
        enabled boolean NOT NULL DEFAULT true,
        deliveries integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE mall_orders (
        id serial PRIMARY KEY,
        order_no varchar(32) NOT NULL UNIQUE,
        kind varchar(10) NOT NULL CHECK (kind IN ('purchase', 'renewal', 'warranty', 'card_key')),
        wallet_order_id integer UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        device_id integer REFERENCES devices(id) ON DELETE SET NULL,
        udid varchar(64) NOT NULL,
        package_id integer REFERENCES cert_packages(id) ON DELETE SET NULL,
        plan_id integer REFERENCES cert_plans(id) ON DELETE SET NULL,
        snapshot jsonb NOT NULL,
        source varchar(12) NOT NULL CHECK (source IN ('asc', 'supplier', 'manual', 'platform')),
        amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
        status varchar(12) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'paid', 'fulfilling', 'waiting', 'delivered', 'failed', 'refunded', 'closed')),
        parent_order_id integer REFERENCES mall_orders(id) ON DELETE SET NULL,
        certificate_id integer REFERENCES certificates(id) ON DELETE SET NULL,
        asc_account_id integer REFERENCES asc_accounts(id) ON DELETE SET NULL,
        excluded_accounts integer[] NOT NULL DEFAULT '{}',
        asc_device_id varchar(64),
        asc_profile_id varchar(64),
        supplier_id integer REFERENCES cert_suppliers(id) ON DELETE SET NULL,
        supplier_order_id varchar(128),
        attempts integer NOT NULL DEFAULT 0,
        polls integer NOT NULL DEFAULT 0,
        lease_until timestamptz,
        last_error varchar(1000),
        guest_token_hash char(64),
        guest_p12_sealed text CHECK (guest_p12_sealed LIKE 'v2:%'),
        guest_password_sealed text CHECK (guest_password_sealed LIKE 'v2:%'),
        guest_profile bytea,
        warranty_until timestamptz,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz,
        delivered_at timestamptz,
        finished_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One unfinished order per device and package: concurrent purchases for one device cannot both go through.
    await q.query(
      `CREATE UNIQUE INDEX mall_orders_open ON mall_orders (udid, package_id) WHERE status IN ('pending', 'paid', 'fulfilling', 'waiting')`,
    );
    await q.query(`CREATE INDEX mall_orders_user ON mall_orders (user_id, id DESC)`);
    await q.query(
      `CREATE INDEX mall_orders_work ON mall_orders (status, updated_at) WHERE status IN ('paid', 'fulfilling')`,
    );
    await q.query(`
      CREATE TABLE mall_order_logs (
        id bigserial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES mall_orders(id) ON DELETE CASCADE,
        level varchar(8) NOT NULL DEFAULT 'info' CHECK (level IN ('info', 'warn', 'error')),
        message varchar(2000) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mall_order_logs_order ON mall_order_logs (order_id, id)`);
    await q.query(
      `ALTER TABLE certificates ADD COLUMN mall_order_id integer REFERENCES mall_orders(id) ON DELETE SET NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX certificates_mall_order ON certificates (mall_order_id) WHERE mall_order_id IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE card_key_batches ADD COLUMN plan_id integer REFERENCES cert_plans(id) ON DELETE SET NULL`,
    );
    // A certificate key may be redeemed by a guest (no account): redeemed_at without redeemed_by.
    await q.query(`ALTER TABLE card_keys DROP CONSTRAINT card_keys_check`);
    await q.query(
      `ALTER TABLE card_keys ADD CONSTRAINT card_keys_redeemer_check CHECK (redeemed_by IS NULL OR redeemed_at IS NOT NULL)`,
    );
    await q.query(`ALTER TABLE card_key_batches DROP CONSTRAINT card_key_batches_kind_check`);
    await q.query(
      `ALTER TABLE card_key_batches ADD CONSTRAINT card_key_batches_kind_check CHECK (kind IN ('balance', 'certificate'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE card_key_batches DROP COLUMN plan_id`);
    await q.query(`ALTER TABLE certificates DROP COLUMN mall_order_id`);
    await q.query(`DROP TABLE mall_order_logs`);
    await q.query(`DROP TABLE mall_orders`);
    await q.query(`DROP TABLE asc_accounts`);
    await q.query(`DROP TABLE cert_plans`);
    await q.query(`DROP TABLE cert_packages`);
    await q.query(`DROP TABLE cert_suppliers`);
  }
}
