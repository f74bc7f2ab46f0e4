import type { ReactNode } from "react";
import { Button, Empty } from "antd";
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
        <div className={styles.context} data-testid="admin-cs-context">
          <Text strong>{ctx.username}</Text>
          <Title level={5}>订单</Title>
          <ItemList
            empty="暂无订单"
            items={ctx.orders.map((o) => ({
              key: o.orderNo,
              title: o.itemName || o.orderNo,
              text: `${o.orderNo} · ¥${o.amount.toFixed(2)} · ${ORDER_STATUS_LABELS[o.status] ?? o.status}`,
              action: (
                <Button size="small" onClick={() => send({ messageType: "order", orderNo: o.orderNo })}>
                  发送
                </Button>
              ),
            }))}
          />
          <Title level={5}>证书</Title>
          <ItemList
            empty="暂无证书"
            items={ctx.certificates.map((c) => ({
              key: c.id,
              title: c.name,
              text: `${c.teamName} · ${CERT_STATUS_LABELS[c.status] ?? c.status} · ${c.expiresAt.slice(0, 10)} 到期`,
              action: (
                <Button size="small" onClick={() => send({ messageType: "certificate", certificateId: c.id })}>
                  发送
                </Button>
              ),
            }))}
          />
          <Title level={5}>设备</Title>
          <ItemList
            empty="暂无绑定设备"
            items={ctx.devices.map((d) => ({
              key: d.udid,
              title: `${d.modelName ?? d.product} · iOS ${d.version}`,
              text: (
                <Text copyable style={{ fontSize: 12 }}>
                  {d.udid}
                </Text>
              ),
            }))}
          />
        </div>
      )}
    </Panel>
  );
}

/** antd's small List: a title and a line under it, an action on the right; the empty text when there is none. */
function ItemList({
  items,
  empty,
}: {
  items: { key: string; title: ReactNode; text: ReactNode; action?: ReactNode }[];
  empty: string;
}) {
  if (!items.length) return <p className={styles.note}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.key} className={styles.contextItem}>
          <span className={styles.contextText}>
            <span className={styles.itemTitle}>{item.title}</span>
            <span className={styles.itemText}>{item.text}</span>
          </span>
          {item.action}
        </li>
      ))}
    </ul>
  );
}
