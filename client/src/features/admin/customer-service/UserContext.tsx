import { Button, Empty, List, Space } from "antd";
import type { AdminCsContextQuery as ContextResult } from "../../../gql/graphql";
import { STATUS_LABELS as CERT_STATUS_LABELS } from "../../certificates/labels";
import { ORDER_STATUS_LABELS } from "../../wallet/labels";
import styles from "./console.module.css";
import { Panel } from "../common/Panel";
import { Text, Title } from "../common/Text";

/** What an admin may send into the chat as a card: one of the user's orders or certificates. */
export type CardMessage =
  { messageType: "order"; orderNo: string } | { messageType: "certificate"; certificateId: string };

/** The side column: the session user's orders and certificates (each can be sent as a card) and devices. */
export function UserContext({
  selected,
  ctx,
  send,
}: {
  selected: string | null;
  ctx: ContextResult["adminCustomerServiceContext"] | undefined;
  send: (card: CardMessage) => void;
}) {
  return (
    <Panel className={styles.side} size="small" title="用户信息">
      {!selected ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择会话" />
      ) : !ctx ? (
        <Text type="secondary">加载中…</Text>
      ) : ctx.userId === null ? (
        <Text type="secondary">访客会话（未登录），没有订单、证书和设备。</Text>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }} data-testid="admin-cs-context">
          <Text strong>{ctx.username}</Text>
          <Title level={5}>订单</Title>
          <List
            size="small"
            dataSource={ctx.orders}
            locale={{ emptyText: "暂无订单" }}
            renderItem={(o) => (
              <List.Item
                actions={[
                  <Button key="send" size="small" onClick={() => send({ messageType: "order", orderNo: o.orderNo })}>
                    发送
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={o.itemName || o.orderNo}
                  description={`${o.orderNo} · ¥${o.amount.toFixed(2)} · ${ORDER_STATUS_LABELS[o.status] ?? o.status}`}
                />
              </List.Item>
            )}
          />
          <Title level={5}>证书</Title>
          <List
            size="small"
            dataSource={ctx.certificates}
            locale={{ emptyText: "暂无证书" }}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Button
                    key="send"
                    size="small"
                    onClick={() => send({ messageType: "certificate", certificateId: c.id })}
                  >
                    发送
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={c.name}
                  description={`${c.teamName} · ${CERT_STATUS_LABELS[c.status] ?? c.status} · ${c.expiresAt.slice(0, 10)} 到期`}
                />
              </List.Item>
            )}
          />
          <Title level={5}>设备</Title>
          <List
            size="small"
            dataSource={ctx.devices}
            locale={{ emptyText: "暂无绑定设备" }}
            renderItem={(d) => (
              <List.Item>
                <List.Item.Meta
                  title={`${d.modelName ?? d.product} · iOS ${d.version}`}
                  description={
                    <Text copyable style={{ fontSize: 12 }}>
                      {d.udid}
                    </Text>
                  }
                />
              </List.Item>
            )}
          />
        </Space>
      )}
    </Panel>
  );
}
