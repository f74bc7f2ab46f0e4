import { Button, Popconfirm, type TableColumnsType } from "antd";
import { api } from "../../../shared/request";
import { pagesFor } from "../../../app/adminPages";
import { AdminTable } from "../common/list";
import { BusinessDateTime } from "../common/businessTime";
import { useAdminAction } from "../common/useAdminAction";
import { SESSION_STATES, type SessionView, type UserAccess } from "./api";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";
import { Descriptions } from "../common/Descriptions";
import { Disclosure } from "./Disclosure";

/** A user's sessions, each revocable, and 全部撤销; `again` reads the inspection again after a change. */
export function SessionsCard({
  user,
  sessions,
  again,
}: {
  user: UserAccess;
  sessions: SessionView[];
  again: () => unknown;
}) {
  const act = useAdminAction();
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
    <Panel
      size="small"
      title={`${user.username} 的会话`}
      extra={
        <Popconfirm
          title="撤销该用户的全部会话？"
          okText="全部撤销"
          cancelText="取消"
          onConfirm={() =>
            act(() => api.post(`/api/admin/debug-auth/users/${user.id}/revoke-sessions`), "已撤销全部会话").then(again)
          }
        >
          <Button size="small" danger disabled={!sessions.some((s) => s.state === "active")}>
            全部撤销
          </Button>
        </Popconfirm>
      }
    >
      <AdminTable
        columns={sessionColumns}
        dataSource={sessions}
        pagination={false}
        locale={{ emptyText: "该用户没有会话" }}
      />
    </Panel>
  );
}

/** Role, permissions, the back office pages the menu gives them and the admin routes the server lets them call. */
export function UserCard({ user }: { user: UserAccess }) {
  const pages = pagesFor({ role: user.role, permissions: user.permissions });
  return (
    <Panel size="small" title={`用户 ${user.username}`}>
      <Descriptions
        items={[
          {
            key: "role",
            label: "角色",
            children: (
              <>
                {user.role === "admin" ? <Tag color="gold">管理员</Tag> : <Tag>普通用户</Tag>}
                {user.disabled && <Tag color="error">已禁用</Tag>}
              </>
            ),
          },
          {
            key: "permissions",
            label: "权限",
            children:
              user.role === "admin"
                ? "全部"
                : user.permission_labels.length
                  ? user.permission_labels.map((l) => (
                      <Tag key={l} color="blue">
                        {l}
                      </Tag>
                    ))
                  : "无",
          },
          {
            key: "pages",
            label: "可进入的后台页面",
            children: pages.length ? pages.map((p) => <Tag key={p.path}>{p.label}</Tag>) : "无（不能登录后台）",
          },
        ]}
      />
      <Disclosure label={`可调用的管理接口：${user.routes.length} 个（其余 ${user.routes_denied} 个返回 403）`}>
        {user.routes.length ? (
          <div style={{ maxHeight: 240, overflow: "auto" }}>
            {user.routes.map((r) => (
              <Text key={`${r.method} ${r.path}`} code style={{ display: "block", wordBreak: "break-all" }}>
                {r.method} {r.path}
              </Text>
            ))}
          </div>
        ) : (
          "无"
        )}
      </Disclosure>
    </Panel>
  );
}
