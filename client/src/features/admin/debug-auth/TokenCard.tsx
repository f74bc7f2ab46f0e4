import { Space } from "antd";
import { BusinessDateTime } from "../common/businessTime";
import { VERDICTS, type Inspection } from "./api";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Descriptions } from "../common/Descriptions";
import { Disclosure } from "./Disclosure";

/** A token's verdict and why, its claims and header, and the session it names. */
export function TokenCard({ token }: { token: NonNullable<Inspection["token"]> }) {
  return (
    <Panel
      size="small"
      title={
        <Space>
          令牌 <Tag color={VERDICTS[token.verdict].color}>{VERDICTS[token.verdict].label}</Tag>
        </Space>
      }
    >
      <ul style={{ paddingLeft: 20, margin: 0 }}>
        {token.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {token.claims && (
        <Disclosure label="声明（claims）与头部" style={{ marginTop: 12 }}>
          <pre style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {JSON.stringify({ header: token.header, claims: token.claims }, null, 2)}
          </pre>
        </Disclosure>
      )}
      {token.session && (
        <div style={{ marginTop: 12 }}>
          <Descriptions
            title="会话"
            items={[
              { key: "id", label: "会话ID", children: token.session.id },
              { key: "created", label: "创建", children: <BusinessDateTime value={token.session.created_at} /> },
              {
                key: "seen",
                label: "最近使用",
                children: token.session.last_seen_at ? <BusinessDateTime value={token.session.last_seen_at} /> : "-",
              },
              { key: "ip", label: "IP", children: token.session.ip ?? "-" },
              { key: "agent", label: "设备", children: token.session.user_agent ?? "-" },
            ]}
          />
        </div>
      )}
    </Panel>
  );
}
