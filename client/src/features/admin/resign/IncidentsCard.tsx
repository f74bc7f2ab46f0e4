import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { Progress } from "../common/Progress";
import type { AdminResignIncidentsQuery } from "../../../gql/graphql";
import { BusinessDateTime } from "../common/businessTime";
import { PAGE_SIZES } from "../common/cells";
import { dateColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import {
  AdminResignIncidentItemsQuery as ItemsQuery,
  AdminResignIncidentsQuery as IncidentsQuery,
  RetryResignIncidentMutation,
} from "./operations";
import { Tag } from "../common/Tag";

type Incident = AdminResignIncidentsQuery["adminResignIncidents"]["items"][number];

const STATUS: Record<string, { color: string; text: string }> = {
  repairing: { color: "processing", text: "重签中" },
  completed: { color: "green", text: "已全部重签" },
  failed: { color: "red", text: "部分未能重签" },
};
const FOUND_BY: Record<string, string> = { check: "用户检测", batch: "批量检测", watch: "定时巡检" };
const ITEM_STATUS: Record<string, { color: string; text: string }> = {
  pending: { color: "default", text: "排队中" },
  waiting: { color: "gold", text: "等待质保补发" },
  running: { color: "processing", text: "重签中" },
  repaired: { color: "green", text: "已重签" },
  failed: { color: "red", text: "失败" },
  none: { color: "red", text: "无可用证书" },
};
const SOURCE: Record<string, string> = {
  warranty: "质保补发",
  backup: "用户备用证书",
  platform: "平台证书",
  user: "用户换证书",
};
/** While an incident is being repaired the list is read again this often (progress is live). */
const LIVE_MS = 3000;

/** One incident's tasks: what could not be repaired (and why) first. */
function IncidentItems({ id }: { id: string }) {
  const { data, loading } = useQuery(ItemsQuery, {
    variables: { id },
    fetchPolicy: "cache-and-network",
    pollInterval: LIVE_MS,
  });
  return (
    <AdminTable
      size="small"
      rowKey="id"
      loading={loading && !data}
      pagination={false}
      dataSource={data?.adminResignIncidentItems ?? []}
      columns={[
        { title: "任务", dataIndex: "taskId", render: (v: string, r) => `#${v} ${r.appName}` },
        { title: "用户", dataIndex: "username", render: (v: string | null) => v ?? "-" },
        {
          title: "状态",
          dataIndex: "status",
          render: (v: string, r) => (
            <span>
              <Tag color={ITEM_STATUS[v]?.color}>{ITEM_STATUS[v]?.text ?? v}</Tag>
              {r.errorMessage && <div style={{ fontSize: 12, color: "#ff4d4f" }}>{r.errorMessage}</div>}
            </span>
          ),
        },
        {
          title: "新证书",
          key: "replacement",
          render: (_, r) =>
            r.replacementName
              ? `${r.replacementName}（${SOURCE[r.replacementSource ?? ""] ?? r.replacementSource}）`
              : "-",
        },
        { title: "更新", dataIndex: "updatedAt", render: (v: string) => <BusinessDateTime value={v} /> },
      ]}
    />
  );
}

/**
 * 掉签事件 on /admin/cert-tasks: each revoked certificate with live signed apps, when and how it was found, how many
 * tasks and users it touched, the repair's progress (read again every 3 s while one is repairing), what could not be
 * repaired and why (expand a row), and 全部重试.
 */
export function IncidentsCard() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const { data, loading, error, refetch } = useQuery(IncidentsQuery, {
    variables: { page, pageSize },
    fetchPolicy: "cache-and-network",
    pollInterval: LIVE_MS,
  });
  const [retry] = useMutation(RetryResignIncidentMutation);
  const act = useAdminAction();
  const columns: TableColumnsType<Incident> = [
    {
      title: "证书",
      dataIndex: "certificateName",
      width: 160,
      minWidth: 110,
      render: (v: string, n) => (
        <span data-testid="incident-certificate">
          {v}
          <br />
          <span style={{ color: "#8f959e", fontSize: 12 }}>ID {n.certificateId ?? "已删除"}</span>
        </span>
      ),
    },
    {
      ...dateColumn<Incident>("发现吊销", "foundAt"),
      render: (v: string, n) => (
        <span>
          <BusinessDateTime value={v} />
          <br />
          <span style={{ color: "#8f959e", fontSize: 12 }}>{FOUND_BY[n.foundBy] ?? n.foundBy}</span>
        </span>
      ),
    },
    {
      title: "影响",
      key: "affected",
      width: 110,
      minWidth: 90,
      render: (_, n) => `${n.tasksTotal} 个应用 · ${n.usersAffected} 位用户`,
    },
    {
      title: "重签进度",
      key: "progress",
      width: 200,
      minWidth: 140,
      render: (_, n) => (
        <div data-testid="incident-progress">
          <Progress
            size="small"
            percent={n.tasksTotal ? Math.round(((n.tasksRepaired + n.tasksFailed) / n.tasksTotal) * 100) : 100}
            successPercent={n.tasksTotal ? Math.round((n.tasksRepaired / n.tasksTotal) * 100) : 0}
            status={n.tasksFailed ? "exception" : undefined}
          />
          <span style={{ fontSize: 12 }}>
            已重签 {n.tasksRepaired} · 未能重签 {n.tasksFailed} · 进行中 {n.tasksOpen}
          </span>
        </div>
      ),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 120,
      minWidth: 90,
      render: (v: string) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.text ?? v}</Tag>,
    },
    {
      title: "操作",
      key: "actions",
      width: 100,
      minWidth: 90,
      render: (_, n) =>
        n.tasksFailed > 0 ? (
          <Button
            type="link"
            size="small"
            onClick={() => act(() => retry({ variables: { id: n.id } }).then(() => refetch()), "已重新提交")}
          >
            全部重试
          </Button>
        ) : null,
    },
  ];
  return (
    <ListCard title="掉签事件（自动重签）" error={error}>
      <AdminTable
        columns={columns}
        rowKey="id"
        dataSource={data?.adminResignIncidents.items ?? []}
        loading={loading && !data}
        locale={{ emptyText: "暂无掉签事件：证书被吊销时，这里会列出受影响的应用和自动重签进度" }}
        expandable={{ expandedRowRender: (n) => <IncidentItems id={n.id} /> }}
        pagination={{
          current: page,
          pageSize,
          total: data?.adminResignIncidents.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (p, s) => (setPage(p), setPageSize(s)),
        }}
      />
    </ListCard>
  );
}
