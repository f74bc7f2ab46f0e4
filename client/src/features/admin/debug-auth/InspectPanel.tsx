import { useState } from "react";
import { useLazyQuery } from "@apollo/client/react";
import {
  Alert,
  Button,
  Card,
  Collapse,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
  type TableColumnsType,
} from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import { pagesFor } from "../../../app/adminPages";
import { AdminTable } from "../common/list";
import { BusinessDateTime } from "../common/businessTime";
import { useAdminAction } from "../common/useAdminAction";
import { AdminUsersQuery } from "../users/operations";
import { SESSION_STATES, VERDICTS, type Inspection, type SessionView, type UserAccess } from "./api";

/** Paste a token or pick a user: the verdict and why, the claims, the session, the user's access and sessions. */
export function InspectPanel({ onAction }: { onAction: () => void }) {
  const [token, setToken] = useState("");
  const [userId, setUserId] = useState<string | undefined>();
  const [result, setResult] = useState<Inspection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [findUsers, users] = useLazyQuery(AdminUsersQuery);
  const act = useAdminAction();

  async function inspect(body: { token?: string; user_id?: string }) {
    setBusy(true);
    setError(null);
    try {
      setResult((await api.post<Inspection>("/api/admin/debug-auth/inspect", body)).data);
    } catch (e) {
      setError(errorMessage(e));
    }
    setBusy(false);
    onAction();
  }
  const again = () =>
    result?.token ? inspect({ token }) : result?.user ? inspect({ user_id: String(result.user.id) }) : undefined;

  const sessionColumns: TableColumnsType<SessionView> = [
    {
      title: "状态",
      dataIndex: "state",
      width: 80,
      minWidth: 70,
      render: (s: SessionView["state"]) => <Tag color={SESSION_STATES[s].color}>{SESSION_STATES[s].label}</Tag>,
    },
    {
      title: "创建",
      dataIndex: "created_at",
      width: 140,
      minWidth: 120,
      render: (v: string) => <BusinessDateTime value={v} />,
    },
    {
      title: "最近使用",
      dataIndex: "last_seen_at",
      width: 140,
      minWidth: 120,
      render: (v: string | null) => (v ? <BusinessDateTime value={v} /> : "-"),
    },
    { title: "IP", dataIndex: "ip", width: 120, minWidth: 90, render: (v: string | null) => v ?? "-" },
    {
      title: "设备",
      dataIndex: "user_agent",
      width: 200,
      minWidth: 100,
      ellipsis: true,
      render: (v: string | null) => v ?? "-",
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      width: 80,
      minWidth: 70,
      render: (_, s) =>
        s.state === "active" ? (
          <Popconfirm
            title="撤销该会话？使用它的令牌立即失效。"
            okText="撤销"
            cancelText="取消"
            onConfirm={() =>
              act(() => api.post(`/api/admin/debug-auth/sessions/${s.id}/revoke`), "会话已撤销").then(again)
            }
          >
            <Button type="link" size="small" danger>
              撤销
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card size="small" title="检查令牌">
        <Input.TextArea
          rows={3}
          placeholder="粘贴令牌（可带 Bearer 前缀）"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-label="令牌"
          style={{ fontFamily: "monospace" }}
        />
        <Button
          type="primary"
          style={{ marginTop: 8 }}
          loading={busy}
          disabled={!token.trim()}
          onClick={() => inspect({ token })}
        >
          检查令牌
        </Button>
      </Card>
      <Card size="small" title="选择用户">
        <Space.Compact style={{ width: "100%", maxWidth: 480 }}>
          <Select
            showSearch
            allowClear
            placeholder="输入用户名搜索"
            style={{ flex: 1 }}
            filterOption={false}
            value={userId}
            onChange={setUserId}
            onSearch={(q) => q.trim() && findUsers({ variables: { search: q.trim(), page: 1, pageSize: 20 } })}
            loading={users.loading}
            options={(users.data?.adminUsers.items ?? []).map((u) => ({
              value: u.id,
              label: `${u.username}（ID ${u.id}）`,
            }))}
            notFoundContent={users.called ? "没有找到用户" : "输入用户名搜索"}
            aria-label="用户"
          />
          <Button loading={busy} disabled={!userId} onClick={() => inspect({ user_id: userId })}>
            查看
          </Button>
        </Space.Compact>
      </Card>
      {error && <Alert type="error" showIcon title={error} />}
      {result?.token && (
        <Card
          size="small"
          title={
            <Space>
              令牌 <Tag color={VERDICTS[result.token.verdict].color}>{VERDICTS[result.token.verdict].label}</Tag>
            </Space>
          }
        >
          <ul style={{ paddingLeft: 20, margin: 0 }}>
            {result.token.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          {result.token.claims && (
            <Collapse
              size="small"
              style={{ marginTop: 12 }}
              items={[
                {
                  key: "claims",
                  label: "声明（claims）与头部",
                  children: (
                    <pre style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                      {JSON.stringify({ header: result.token.header, claims: result.token.claims }, null, 2)}
                    </pre>
                  ),
                },
              ]}
            />
          )}
          {result.token.session && (
            <Descriptions size="small" column={1} style={{ marginTop: 12 }} title="会话">
              <Descriptions.Item label="会话ID">{result.token.session.id}</Descriptions.Item>
              <Descriptions.Item label="创建">
                {<BusinessDateTime value={result.token.session.created_at} />}
              </Descriptions.Item>
              <Descriptions.Item label="最近使用">
                {result.token.session.last_seen_at ? (
                  <BusinessDateTime value={result.token.session.last_seen_at} />
                ) : (
                  "-"
                )}
              </Descriptions.Item>
              <Descriptions.Item label="IP">{result.token.session.ip ?? "-"}</Descriptions.Item>
              <Descriptions.Item label="设备">{result.token.session.user_agent ?? "-"}</Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      )}
      {result?.user && <UserCard user={result.user} />}
      {result?.user && (
        <Card
          size="small"
          title={`${result.user.username} 的会话`}
          extra={
            <Popconfirm
              title="撤销该用户的全部会话？"
              okText="全部撤销"
              cancelText="取消"
              onConfirm={() =>
                act(
                  () => api.post(`/api/admin/debug-auth/users/${result.user!.id}/revoke-sessions`),
                  "已撤销全部会话",
                ).then(again)
              }
            >
              <Button size="small" danger disabled={!result.sessions.some((s) => s.state === "active")}>
                全部撤销
              </Button>
            </Popconfirm>
          }
        >
          <AdminTable
            columns={sessionColumns}
            dataSource={result.sessions}
            pagination={false}
            locale={{ emptyText: "该用户没有会话" }}
          />
        </Card>
      )}
      {!result && !error && <Empty description="粘贴令牌或选择用户，查看令牌是否有效及原因、会话、角色与权限" />}
    </Space>
  );
}

/** Role, permissions, the back office pages the menu gives them and the admin routes the server lets them call. */
function UserCard({ user }: { user: UserAccess }) {
  const pages = pagesFor({ role: user.role, permissions: user.permissions });
  return (
    <Card size="small" title={`用户 ${user.username}`}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="角色">
          {user.role === "admin" ? <Tag color="gold">管理员</Tag> : <Tag>普通用户</Tag>}
          {user.disabled && <Tag color="error">已禁用</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="权限">
          {user.role === "admin"
            ? "全部"
            : user.permission_labels.length
              ? user.permission_labels.map((l) => (
                  <Tag key={l} color="blue">
                    {l}
                  </Tag>
                ))
              : "无"}
        </Descriptions.Item>
        <Descriptions.Item label="可进入的后台页面">
          {pages.length ? pages.map((p) => <Tag key={p.path}>{p.label}</Tag>) : "无（不能登录后台）"}
        </Descriptions.Item>
      </Descriptions>
      <Collapse
        size="small"
        items={[
          {
            key: "routes",
            label: `可调用的管理接口：${user.routes.length} 个（其余 ${user.routes_denied} 个返回 403）`,
            children: user.routes.length ? (
              <div style={{ maxHeight: 240, overflow: "auto" }}>
                {user.routes.map((r) => (
                  <Typography.Text
                    key={`${r.method} ${r.path}`}
                    code
                    style={{ display: "block", wordBreak: "break-all" }}
                  >
                    {r.method} {r.path}
                  </Typography.Text>
                ))}
              </div>
            ) : (
              "无"
            ),
          },
        ]}
      />
    </Card>
  );
}
