import { useState } from "react";
import { Alert, Button, Space, type TableColumnsType } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import { AdminTable } from "../common/list";
import { BusinessDateTime } from "../common/businessTime";
import { useAdminAction } from "../common/useAdminAction";
import type { LimitRow } from "./api";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Form, TextInput } from "../common/fields";
import styles from "./debug-auth.module.css";

/** The login counters of a username and/or an IP address, and 解除限制. */
export function RateLimitPanel({ onAction }: { onAction: () => void }) {
  const [target, setTarget] = useState({ username: "", ip: "" });
  const [rows, setRows] = useState<LimitRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = useAdminAction();
  const body = () => ({ username: target.username.trim() || undefined, ip: target.ip.trim() || undefined });

  async function look() {
    setError(null);
    try {
      setRows((await api.post<LimitRow[]>("/api/admin/debug-auth/rate-limits", body())).data);
    } catch (e) {
      setError(errorMessage(e));
    }
    onAction();
  }

  const columns: TableColumnsType<LimitRow> = [
    { title: "计数器", dataIndex: "key", width: 240, minWidth: 140, ellipsis: true },
    { title: "次数", key: "count", width: 90, minWidth: 70, render: (_, r) => `${r.count} / ${r.limit}` },
    {
      title: "状态",
      dataIndex: "blocked",
      width: 110,
      minWidth: 90,
      render: (b: boolean, r) =>
        b ? <Tag color="error">已限制 {Math.ceil(r.retry_after / 60)} 分钟</Tag> : <Tag>正常</Tag>,
    },
    {
      title: "窗口结束",
      dataIndex: "window_ends_at",
      width: 140,
      minWidth: 120,
      render: (v: string) => <BusinessDateTime value={v} />,
    },
  ];
  return (
    <Panel size="small" title="登录限制">
      <Form className={styles.limits} onSubmit={look}>
        <TextInput
          placeholder="用户名"
          value={target.username}
          onChange={(e) => setTarget((t) => ({ ...t, username: e.target.value }))}
          aria-label="限制用户名"
        />
        <TextInput
          placeholder="IP地址"
          value={target.ip}
          onChange={(e) => setTarget((t) => ({ ...t, ip: e.target.value }))}
          aria-label="限制IP"
        />
        <Space>
          <Button htmlType="submit" disabled={!target.username.trim() && !target.ip.trim()}>
            查询
          </Button>
          <Button
            danger
            disabled={!rows?.length}
            onClick={() =>
              act(() => api.post("/api/admin/debug-auth/rate-limits/clear", body()), "已解除限制").then(look)
            }
          >
            解除限制
          </Button>
        </Space>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      {rows && (
        <div style={{ marginTop: 12 }}>
          <AdminTable
            columns={columns}
            dataSource={rows}
            rowKey="key"
            pagination={false}
            locale={{ emptyText: "没有登录失败记录，未被限制" }}
          />
        </div>
      )}
    </Panel>
  );
}
