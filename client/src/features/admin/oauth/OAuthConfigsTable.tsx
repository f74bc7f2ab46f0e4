import { useCallback, useEffect, useState } from "react";
import { Button, Empty, type TableColumnsType } from "antd";
import { RowDeleteButton } from "../common/BatchDeleteButton";
import { ActiveSwitch, ENABLED, actionsColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { DEFAULTS, PROVIDER_LABELS, oauthConfigsApi, type OAuthConfigRow } from "./api";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

const OAuthConfigFormModal = lazyDialog(() => import("./OAuthConfigFormModal").then((m) => m.OAuthConfigFormModal));

const ALL = ["qq", "apple"] as const;

/** 第三方登录: QQ 互联 and Sign in with Apple, one configuration each. */
export function OAuthConfigsTable() {
  const act = useAdminAction();
  const [rows, setRows] = useState<OAuthConfigRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<{ config: OAuthConfigRow | null } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await oauthConfigsApi.list());
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const free = ALL.filter((p) => !rows.some((r) => r.provider === p));
  const columns: TableColumnsType<OAuthConfigRow> = [
    {
      title: "登录方式",
      dataIndex: "provider",
      width: 150,
      render: (p: OAuthConfigRow["provider"]) => PROVIDER_LABELS[p],
    },
    {
      title: ENABLED[0],
      dataIndex: "enabled",
      width: 70,
      render: (on: boolean, row) => (
        <ActiveSwitch
          on={on}
          verbs={ENABLED}
          onChange={(enabled) => oauthConfigsApi.update(row.id, { enabled }).then(load)}
        />
      ),
    },
    { title: "应用标识", dataIndex: "app_id", width: 180, ellipsis: true },
    {
      title: "密钥",
      dataIndex: "has_secret",
      width: 80,
      render: (set: boolean) => (set ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>),
    },
    {
      title: "回调地址",
      dataIndex: "redirect_uri",
      width: 240,
      ellipsis: true,
      render: (v: string) => v || <Text type="secondary">本站 /oauth/callback</Text>,
    },
    {
      title: "接口地址",
      dataIndex: "base_url",
      width: 220,
      ellipsis: true,
      render: (v: string | null, row) => v || <Text type="secondary">{DEFAULTS[row.provider].base}</Text>,
    },
    actionsColumn(120, (row) => (
      <>
        <Button type="link" size="small" onClick={() => setEditing({ config: row })}>
          编辑
        </Button>
        <RowDeleteButton
          title="删除登录配置"
          description={`删除后登录窗口不再显示${PROVIDER_LABELS[row.provider]}登录，已绑定的账号保留绑定。确定删除吗？`}
          onConfirm={() => act(() => oauthConfigsApi.remove(row.id).then(load), "已删除")}
        />
      </>
    )),
  ];

  return (
    <ListCard
      title="第三方登录"
      createText={free.length ? "添加登录配置" : undefined}
      onCreate={() => setEditing({ config: null })}
      error={error}
    >
      <AdminTable
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{
          emptyText: <Empty description="还没有登录配置：点击「添加登录配置」填写 QQ 互联或 Apple 的应用信息" />,
        }}
      />
      {editing && (
        <OAuthConfigFormModal
          config={editing.config}
          free={free}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </ListCard>
  );
}
