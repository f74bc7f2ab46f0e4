import { useEffect, useState } from "react";
import { type TableColumnsType } from "antd";
import { AdminTable, LoadError } from "../common/list";
import { BusinessDateTime } from "../common/businessTime";
import { useRestData } from "../common/useRestData";
import { ACTIONS, type AuditRow } from "./api";
import { Panel } from "../common/Panel";

/** 审计日志: every action taken on this page, newest first; reloads after each (`version`). */
export function AuditPanel({ version }: { version: number }) {
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useRestData<{ items: AuditRow[]; total: number }>(
    "/api/admin/debug-auth/audit",
    { page, pageSize: 20 },
  );
  useEffect(() => {
    if (version) reload();
  }, [version, reload]);
  const columns: TableColumnsType<AuditRow> = [
    {
      title: "时间",
      dataIndex: "created_at",
      width: 140,
      minWidth: 120,
      render: (v: string) => <BusinessDateTime value={v} />,
    },
    { title: "管理员", dataIndex: "actor_username", width: 100, minWidth: 80 },
    { title: "操作", dataIndex: "action", width: 110, minWidth: 90, render: (a: string) => ACTIONS[a] ?? a },
    { title: "对象", dataIndex: "target", width: 200, minWidth: 120, ellipsis: true },
    { title: "IP", dataIndex: "ip", width: 110, minWidth: 90 },
  ];
  return (
    <Panel size="small" title="审计日志">
      <LoadError error={error} />
      <AdminTable
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        locale={{ emptyText: "还没有操作记录：本页的每次检查、撤销和解除限制都会记录在这里" }}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条数据`,
          onChange: setPage,
        }}
      />
    </Panel>
  );
}
