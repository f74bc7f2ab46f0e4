import { Collapse, Descriptions, Space } from "antd";
import { BusinessDateTime } from "../common/businessTime";
import { VERDICTS, type Inspection } from "./api";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";

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
        <Collapse
          size="small"
          style={{ marginTop: 12 }}
          items={[
            {
              key: "claims",
              label: "声明（claims）与头部",
              children: (
                <pre style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                  {JSON.stringify({ header: token.header, claims: token.claims }, null, 2)}
                </pre>
              ),
            },
          ]}
        />
      )}
      {token.session && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }} title="会话">
          <Descriptions.Item label="会话ID">{token.session.id}</Descriptions.Item>
          <Descriptions.Item label="创建">{<BusinessDateTime value={token.session.created_at} />}</Descriptions.Item>
          <Descriptions.Item label="最近使用">
            {token.session.last_seen_at ? <BusinessDateTime value={token.session.last_seen_at} /> : "-"}
          </Descriptions.Item>
          <Descriptions.Item label="IP">{token.session.ip ?? "-"}</Descriptions.Item>
          <Descriptions.Item label="设备">{token.session.user_agent ?? "-"}</Descriptions.Item>
        </Descriptions>
      )}
    </Panel>
  );
}
