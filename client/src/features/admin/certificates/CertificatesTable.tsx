import { useEffect, useState, type ReactNode } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space, Tooltip, type TableColumnsType } from "antd";
import type { AdminCertificateFieldsFragment } from "../../../gql/graphql";
import { CERT_TYPE_LABELS, STATUS_LABELS, devicesLabel } from "../../certificates/labels";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { usePaging } from "../common/usePaging";
import { AdminCheckCertificateMutation } from "../certificate-checks/operations";
import { AdminCertificatesQuery, AdminDeleteCertificateMutation } from "./operations";
import { FilterSelect } from "../common/FilterSelect";
import { Tag } from "../common/Tag";

type Cert = AdminCertificateFieldsFragment;
const EMPTY: Cert[] = [];
const STATUS_TAG_COLORS: Record<string, string> = {
  valid: "green",
  revoked: "red",
  expired: "orange",
  unchecked: "default",
  error: "gold",
};
const STATUS_OPTIONS = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));

function StatusCell({ c }: { c: Pick<Cert, "status" | "statusReason"> }) {
  const tag = <Tag color={STATUS_TAG_COLORS[c.status]}>{STATUS_LABELS[c.status] ?? c.status}</Tag>;
  return c.statusReason ? <Tooltip title={c.statusReason}>{tag}</Tooltip> : tag;
}

/**
 * A certificate list of the back office: users' certificates (`scope` user, with their owners) or the platform's;
 * search (name, common name, team, serial, owner), status filter, delete. `actions` adds buttons per row.
 */
export function CertificatesTable({
  scope,
  title,
  extra,
  actions,
  reloadKey = 0,
}: {
  scope: "user" | "platform";
  title: string;
  extra?: ReactNode;
  actions?: (c: Cert) => ReactNode;
  reloadKey?: number;
}) {
  const paging = usePaging();
  const [status, setStatus] = useState("");
  const { data, loading, error, refetch } = useQuery(AdminCertificatesQuery, {
    variables: {
      scope,
      search: paging.search || null,
      status: status || null,
      page: paging.page,
      pageSize: paging.pageSize,
    },
    fetchPolicy: "cache-and-network",
  });
  const act = useAdminAction();
  // Something was added from outside (an upload): show the list again, fresh.
  useEffect(() => {
    if (reloadKey) void refetch();
  }, [reloadKey]); // only an outside change reloads here; paging and filters have their own variables
  const [remove] = useMutation(AdminDeleteCertificateMutation);
  const [check] = useMutation(AdminCheckCertificateMutation);
  const [checking, setChecking] = useState<string | null>(null);
  // 检测: the status check of /admin/certificate-status-check, run from the row; the list shows its verdict.
  const recheck = (id: string) => {
    setChecking(id);
    void act(async () => {
      const { data: r } = await check({ variables: { id } });
      const t = r!.adminCheckCertificate;
      await refetch();
      if (t.status === "checking") throw new Error("检测仍在进行，请稍后刷新查看结果");
    }, "检测完成").finally(() => setChecking(null));
  };
  const list = data?.adminCertificates;

  const columns: TableColumnsType<Cert> = [
    { title: "ID", dataIndex: "id", width: 64, minWidth: 56 },
    {
      title: "证书",
      key: "name",
      width: 240,
      minWidth: 150,
      render: (_, c) => (
        <>
          <div>
            {c.name}
            {c.demo && (
              <Tooltip title="默认运行自带的演示证书（本地演示 CA 签发，仅非生产模式提供给所有用户签名）">
                <Tag color="purple" style={{ marginInlineStart: 6 }} data-testid="demo-certificate-tag">
                  演示证书
                </Tag>
              </Tooltip>
            )}
          </div>
          <div style={{ color: "#8c8c8c", fontSize: 12 }}>{c.commonName}</div>
        </>
      ),
    },
    ...(scope === "user"
      ? [
          {
            title: "所有者",
            dataIndex: "username",
            width: 120,
            minWidth: 80,
            render: (u: string | null, c: Cert) => (u ? `${u}（${c.userId}）` : "-"),
          },
        ]
      : []),
    { title: "类型", dataIndex: "certType", width: 90, minWidth: 70, render: (t: string) => CERT_TYPE_LABELS[t] ?? t },
    { title: "团队", key: "team", width: 150, minWidth: 90, render: (_, c) => `${c.teamName || "-"}（${c.teamId}）` },
    { title: "设备", key: "devices", width: 90, minWidth: 70, render: (_, c) => devicesLabel(c) },
    { title: "状态", key: "status", width: 90, minWidth: 70, render: (_, c) => <StatusCell c={c} /> },
    dateColumn("上次检测", "checkedAt"),
    dateColumn("到期时间", "expiresAt"),
    actionsColumn(actions ? 190 : 130, (c) => (
      <Space size={0} wrap>
        {actions?.(c)}
        <Button type="link" size="small" loading={checking === c.id} onClick={() => recheck(c.id)}>
          检测
        </Button>
        <Popconfirm
          title="删除后无法恢复，确定删除该证书吗？"
          okText="删除"
          cancelText="取消"
          onConfirm={() => act(() => remove({ variables: { id: c.id } }).then(() => refetch()), "已删除")}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    )),
  ];

  return (
    <ListCard title={title} error={error}>
      <ListToolbar
        placeholder={scope === "user" ? "搜索名称、团队、序列号、用户" : "搜索名称、团队、序列号"}
        onSearch={paging.onSearch}
        end={extra}
      >
        <FilterSelect
          aria-label="状态"
          placeholder="全部状态"
          style={{ width: 130 }}
          options={STATUS_OPTIONS}
          value={status}
          onChange={paging.filtered((v?: string) => setStatus(v ?? ""))}
        />
      </ListToolbar>
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? EMPTY}
        loading={loading}
        pagination={paging.pagination(list?.total ?? 0)}
      />
    </ListCard>
  );
}
