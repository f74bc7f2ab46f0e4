import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Customer-service chat (在线客服): sessions (an unguessable public id; a guest's, bound to the SHA-256 of its guest
 * id, or a user's), their messages, and the one settings row. `version` moves with every change a poll must see
 * (a message, a read mark, a status change): it is the poll's ETag.
 */
export class CustomerService1764400000000 implements MigrationInterface {
  name = "CustomerService1764400000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cs_sessions (
        id serial PRIMARY KEY,
        public_id varchar(40) NOT NULL UNIQUE,
        guest_hash char(64),
        user_id integer REFERENCES users(id) ON DELETE CASCADE,
        status varchar(8) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        version bigint NOT NULL DEFAULT 1,
        message_count integer NOT NULL DEFAULT 0,
        unread_user integer NOT NULL DEFAULT 0,
        unread_admin integer NOT NULL DEFAULT 0,
        last_message_at timestamptz,
        last_message_preview varchar(120) NOT NULL DEFAULT '',
        last_sender_type varchar(8),
        offline_replied_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (guest_hash IS NOT NULL OR user_id IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX cs_sessions_latest ON cs_sessions ((coalesce(last_message_at, created_at)) DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX cs_sessions_guest ON cs_sessions (guest_hash, id) WHERE guest_hash IS NOT NULL`);
    await q.query(`CREATE INDEX cs_sessions_user ON cs_sessions (user_id, id) WHERE user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE cs_messages (
        id bigserial PRIMARY KEY,
        session_id integer NOT NULL REFERENCES cs_sessions(id) ON DELETE CASCADE,
        sender_type varchar(8) NOT NULL CHECK (sender_type IN ('user', 'admin', 'system')),
        sender_id integer,
        sender_name varchar(64) NOT NULL,
        message_type varchar(16) NOT NULL CHECK (message_type IN ('text', 'image', 'order', 'certificate')),
        content text NOT NULL CHECK (char_length(content) <= 2000),
        image_url varchar(200),
        extra_data jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX cs_messages_session ON cs_messages (session_id, id DESC)`);
    await q.query(`
      CREATE TABLE cs_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        enabled boolean NOT NULL DEFAULT true,
        customer_service_name varchar(32) NOT NULL DEFAULT '在线客服',
        customer_service_avatar varchar(300) NOT NULL DEFAULT '',
        welcome_message varchar(500) NOT NULL DEFAULT '您好！有什么可以帮助您的吗？',
        quick_replies jsonb NOT NULL DEFAULT '[]',
        offline_message varchar(500) NOT NULL DEFAULT '',
        service_hours_start varchar(5) NOT NULL DEFAULT '',
        service_hours_end varchar(5) NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO cs_settings (id, quick_replies) VALUES (1, $1)`, [
      JSON.stringify([
        {
          question: "如何安装应用？",
          answer: "在首页找到应用，点击进入详情页后按提示下载安装；首次安装需在设置-通用-VPN与设备管理中信任证书。",
        },
        {
          question: "如何绑定设备UDID？",
          answer: "在个人中心点击绑定设备，按提示用 Safari 下载描述文件并安装，即可自动获取 UDID。",
        },
        {
          question: "充值没有到账怎么办？",
          answer: "支付成功后余额通常即时到账；若超过5分钟未到账，请发送订单卡片给客服，我们会尽快处理。",
        },
      ]),
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cs_settings`);
    await q.query(`DROP TABLE cs_messages`);
    await q.query(`DROP TABLE cs_sessions`);
  }
}
