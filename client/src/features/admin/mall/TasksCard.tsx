import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Space, Timeline, type TableColumnsType } from "antd";
import type { AdminMallOrdersQuery } from "../../../gql/graphql";
import { errorMessage } from "../../../shared/graphqlError";
import { BusinessDateTime } from "../common/businessTime";
import { PAGE_SIZES } from "../common/cells";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { statusTags } from "../common/statusTags";
import { useAdminAction } from "../common/useAdminAction";
import { MALL_ORDER_STATUSES, type MallOrderStatus } from "@gryx/contracts/orders";
import { MALL_KIND_LABELS, MALL_STATUS_LABELS } from "../../mall/labels";
import { SOURCE_OPTIONS } from "./packageOptions";
import { AdminMallOrderLogsQuery, AdminMallOrdersQuery as OrdersQuery, RetryMallOrderMutation } from "./operations";
import { FilterSelect } from "../common/FilterSelect";
import { Tag } from "../common/Tag";
import { lazyDialog } from "../common/lazyDialog";

const DeliverModal = lazyDialog(() => import("./DeliverModal").then((m) => m.DeliverModal));

type Task = AdminMallOrdersQuery["adminMallOrders"]["items"][number];

const TASK_COLORS: Record<MallOrderStatus, string> = {
  pending: "default",
  paid: "blue",
  fulfilling: "processing",
  waiting: "gold",
  delivered: "green",
  failed: "red",
  refunded: "default",
  closed: "default",
};
/** The states' shared names, each with its colour; a failed order is being refunded (mall.refund), so say so. */
const TASK_STATUS = statusTags(MALL_ORDER_STATUSES, MALL_STATUS_LABELS, TASK_COLORS, { failed: "失败（退款中）" });

function TaskLog({ id }: { id: string }) {
  const { data, loading, error } = useQuery(AdminMallOrderLogsQuery, {
    variables: { id },
    fetchPolicy: "network-only",
  });
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} />;
  if (loading && !data) return <span>加载日志…</span>;
  const logs = data?.adminMallOrderLogs ?? [];
  if (!logs.length) return <span>暂无日志</span>;
  return (
    <Timeline
      items={logs.map((l) => ({
        color: l.level === "error" ? "red" : l.level === "warn" ? "orange" : "blue",
        content: (
          <span>
            <BusinessDateTime value={l.createdAt} /> {l.message}
          </span>
        ),
      }))}
    />
  );
}

/** /admin/cert-tasks: every mall order as a fulfilment task, its log, 重试 and 人工交付. */
export function TasksCard() {
  const [status, setStatus] = useState<string | undefined>();
  const [search, setSearch] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, loading, error, refetch } = useQuery(OrdersQuery, {
    variables: { status, search, page, pageSize },
    fetchPolicy: "cache-and-network",
    pollInterval: 5000,
  });
  const [retry] = useMutation(RetryMallOrderMutation);
  const act = useAdminAction();
  const [delivering, setDelivering] = useState<Task | null>(null);
  const reload = () => void refetch();
  const open = (s: string) => ["paid", "fulfilling", "waiting", "failed"].includes(s);

  const columns: TableColumnsType<Task> = [
    {
      title: "订单号",
      dataIndex: "orderNo",
      width: 160,
      minWidth: 120,
      render: (v: string, t) => (
        <span data-testid="task-order">
          {v}
          <br />
          <span style={{ color: "#8f959e" }}>{MALL_KIND_LABELS[t.kind] ?? t.kind}</span>
        </span>
      ),
    },
    { title: "用户", dataIndex: "username", width: 110, minWidth: 80, render: (v: string | null) => v ?? "-" },
    { title: "套餐", key: "pkg", width: 170, minWidth: 110, render: (_, t) => `${t.packageName} · ${t.planName}` },
    {
      title: "设备",
      dataIndex: "udid",
      width: 200,
      minWidth: 120,
      render: (v: string) => <code style={{ wordBreak: "break-all" }}>{v}</code>,
    },
    {
      title: "交付方式",
      dataIndex: "source",
      width: 120,
      minWidth: 90,
      render: (v: string) => SOURCE_OPTIONS.find((o) => o.value === v)?.label ?? v,
    },
    { title: "金额", dataIndex: "amount", width: 80, minWidth: 60, render: (v: number) => `¥${v.toFixed(2)}` },
    {
      title: "状态",
      dataIndex: "status",
      width: 170,
      minWidth: 100,
      render: (v: string, t) => (
        <span>
          <Tag color={TASK_STATUS[v]?.color}>{TASK_STATUS[v]?.text ?? v}</Tag>
          {t.attempts > 0 && <span style={{ fontSize: 12, color: "#8f959e" }}>第 {t.attempts} 次</span>}
          {t.lastError && <div style={{ fontSize: 12, color: "#ff4d4f" }}>{t.lastError.slice(0, 100)}</div>}
        </span>
      ),
    },
    dateColumn("创建时间", "createdAt"),
    actionsColumn(150, (t) => (
      <Space size={0} wrap>
        {(t.status === "failed" || t.status === "fulfilling") && t.source !== "manual" && (
          <Button
            type="link"
            size="small"
            onClick={() => act(() => retry({ variables: { id: t.id } }).then(reload), "已重新提交")}
          >
            重试
          </Button>
        )}
        {open(t.status) && (
          <Button type="link" size="small" onClick={() => setDelivering(t)}>
            人工交付
          </Button>
        )}
      </Space>
    )),
  ];

  return (
    <ListCard title="证书交付任务" error={error}>
      <ListToolbar placeholder="订单号、UDID 或用户名" onSearch={(v) => (setSearch(v.trim() || undefined), setPage(1))}>
        <FilterSelect
          placeholder="全部状态"
          style={{ width: 160 }}
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
          options={Object.entries(TASK_STATUS).map(([value, s]) => ({ value, label: s.text }))}
        />
      </ListToolbar>
      <AdminTable
        columns={columns}
        dataSource={data?.adminMallOrders.items ?? []}
        loading={loading && !data}
        expandable={{ expandedRowRender: (t) => <TaskLog id={t.id} /> }}
        pagination={{
          current: page,
          pageSize,
          total: data?.adminMallOrders.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (p, s) => (setPage(p), setPageSize(s)),
        }}
      />
      {delivering && (
        <DeliverModal
          task={delivering}
          onClose={() => setDelivering(null)}
          onDone={() => (setDelivering(null), reload())}
        />
      )}
    </ListCard>
  );
}
