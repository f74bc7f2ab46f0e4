import { useEffect, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space, type TableColumnsType } from "antd";
import { SearchBox } from "../common/SearchBox";
import { formatPrice } from "../../../shared/format";
import type { AdminSigningTaskFieldsFragment } from "../../../gql/graphql";
import { NameCell } from "../common/cells";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { usePaging } from "../common/usePaging";
import { optionsOf } from "../wallet/labels";
import { TASK_STATUS_LABELS } from "./labels";
import { AdminSigningTasksQuery, SigningCleanupMutation } from "./operations";
import { TaskActions, TaskStatusTag } from "./TaskActions";
import { Panel } from "../common/Panel";
import { FilterSelect } from "../common/FilterSelect";
import { DateRangeFilter, type DayRange } from "../common/DateRangeFilter";
import { lazyDialog } from "../common/lazyDialog";
import { useShownOnce } from "../../../shared/ui/lazyShown";

const TaskDrawer = lazyDialog(() => import("./TaskDrawer").then((m) => m.TaskDrawer));

type Task = AdminSigningTaskFieldsFragment;
const EMPTY: Task[] = [];
/** While a listed task waits or runs, the list is read again this often (the admin has no per-task subscription). */
const LIVE_MS = 3000;

/**
 * 签名管理's task list: every user's signing tasks, filtered by status, user (id or name), certificate id and
 * creation date (business days, both ends included); the detail drawer with the signer's report and the admin's
 * actions. `status` is lifted so the status counts above can set it.
 */
export function SigningTasksTable({
  status,
  onStatus,
  onChanged,
}: {
  status: string | null;
  onStatus: (s: string | null) => void;
  onChanged: () => void;
}) {
  const act = useAdminAction();
  const { page, pageSize, filtered, pagination } = usePaging();
  const [user, setUser] = useState("");
  const [certificateId, setCertificateId] = useState("");
  const [range, setRange] = useState<DayRange>([null, null]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const filter = {
    status,
    user: user || null,
    certificateId: certificateId || null,
    from: range[0],
    to: range[1],
  };
  const { data, loading, error, refetch } = useQuery(AdminSigningTasksQuery, {
    variables: { filter, page, pageSize },
    fetchPolicy: "cache-and-network",
  });
  const list = data?.adminSigningTasks;
  const live = list?.items.some((t) => t.status === "queued" || t.status === "running");
  // While a listed task waits or runs, read the list (and the counts above) again every few seconds.
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void refetch().then(onChanged), LIVE_MS);
    return () => clearInterval(timer);
  }, [live, refetch, onChanged]);

  const [cleanup, { loading: cleaning }] = useMutation(SigningCleanupMutation);
  const detail = list?.items.find((t) => t.id === detailId) ?? null;
  const drawerShown = useShownOnce(detailId !== null);
  const changed = () => {
    void refetch();
    onChanged();
  };
  const deleted = (id: string) => {
    if (detailId === id) setDetailId(null);
    changed();
  };

  const columns: TableColumnsType<Task> = [
    { title: "ID", dataIndex: "id", width: 70, minWidth: 56 },
    {
      title: "应用",
      key: "app",
      width: 220,
      minWidth: 140,
      render: (_, t) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: "auto", textAlign: "left", maxWidth: "100%" }}
          onClick={() => setDetailId(t.id)}
          aria-label={`详情 ${t.appName}`}
        >
          <NameCell icon={t.iconUrl} name={t.appName} sub={t.bundleId} />
        </Button>
      ),
    },
    {
      title: "用户",
      dataIndex: "username",
      width: 120,
      minWidth: 80,
      ellipsis: true,
      render: (u: string | null, t) => `${u ?? "-"}（${t.userId}）`,
    },
    {
      title: "证书",
      dataIndex: "certificateName",
      width: 140,
      minWidth: 90,
      ellipsis: true,
      render: (v: string) => v || "-",
    },
    { title: "状态", key: "status", width: 120, minWidth: 90, render: (_, t) => <TaskStatusTag t={t} /> },
    {
      title: "下载",
      key: "downloads",
      width: 80,
      minWidth: 60,
      render: (_, t) => `${t.downloadsUsed}/${t.downloadsLimit}`,
    },
    {
      title: "费用",
      dataIndex: "chargeFen",
      width: 90,
      minWidth: 64,
      render: (v: number, t) => (v ? `¥${formatPrice(v / 100)}${t.refunded ? "（退）" : ""}` : "免费"),
    },
    dateColumn<Task>("创建时间", "createdAt"),
    actionsColumn<Task>(170, (t) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => setDetailId(t.id)}>
          详情
        </Button>
        <TaskActions task={t} onChanged={changed} onDeleted={deleted} />
      </Space>
    )),
  ];

  return (
    <Panel
      title="签名任务"
      extra={
        <Popconfirm
          title="立即删除过期的签名包和上传文件，并重新排队丢失的任务？"
          okText="清理"
          cancelText="取消"
          onConfirm={() =>
            act(async () => {
              const r = (await cleanup()).data!.signingCleanup;
              changed();
              return r;
            }, "清理完成")
          }
        >
          <Button loading={cleaning}>清理过期文件</Button>
        </Popconfirm>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <FilterSelect
          aria-label="状态"
          placeholder="全部状态"
          style={{ width: 130 }}
          options={optionsOf(TASK_STATUS_LABELS)}
          value={status}
          onChange={filtered((v?: string | null) => onStatus(v ?? null))}
        />
        <SearchBox
          aria-label="用户"
          placeholder="用户ID或用户名"
          style={{ width: 200 }}
          onSearch={filtered((v: string) => setUser(v.trim()))}
        />
        <SearchBox
          aria-label="证书ID"
          placeholder="证书ID"
          style={{ width: 150 }}
          inputMode="numeric"
          onSearch={filtered((v: string) => setCertificateId(v.trim()))}
        />
        <DateRangeFilter value={range} onChange={filtered(setRange)} />
      </Space>
      <LoadError error={error} />
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? EMPTY}
        loading={loading && !list}
        pagination={pagination(list?.total ?? 0)}
      />
      {drawerShown && (
        <TaskDrawer task={detail} onClose={() => setDetailId(null)} onChanged={changed} onDeleted={deleted} />
      )}
    </Panel>
  );
}
