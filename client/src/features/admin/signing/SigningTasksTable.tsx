import { useEffect, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  InputNumber,
  Popconfirm,
  Progress,
  Select,
  Space,
  Tag,
  Typography,
  type TableColumnsType,
} from "antd";
import type { Dayjs } from "dayjs";
import { formatFileSize, formatPrice } from "../../../shared/format";
import type { AdminSigningTaskFieldsFragment } from "../../../gql/graphql";
import { BusinessDateTime } from "../common/businessTime";
import { NameCell } from "../common/cells";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useCompact } from "../common/useCompact";
import { usePaging } from "../common/usePaging";
import { optionsOf } from "../wallet/labels";
import { SOURCE_LABELS, TASK_STAGE_LABELS, TASK_STATUS_COLORS, TASK_STATUS_LABELS } from "./labels";
import {
  AddSigningDownloadsMutation,
  AdminCancelSigningTaskMutation,
  AdminDeleteSigningTaskMutation,
  AdminRetrySigningTaskMutation,
  AdminSigningTasksQuery,
  SigningCleanupMutation,
} from "./operations";
import { SigningReport } from "./SigningReport";

type Task = AdminSigningTaskFieldsFragment;
const EMPTY: Task[] = [];
/** While a listed task waits or runs, the list is read again this often (the admin has no per-task subscription). */
const LIVE_MS = 3000;

function TaskStatusTag({ t }: { t: Pick<Task, "status" | "stage" | "progress"> }) {
  const tag = <Tag color={TASK_STATUS_COLORS[t.status]}>{TASK_STATUS_LABELS[t.status] ?? t.status}</Tag>;
  if (t.status !== "running") return tag;
  return (
    <Space direction="vertical" size={2} style={{ width: "100%" }}>
      {tag}
      <Progress percent={t.progress} size="small" format={() => TASK_STAGE_LABELS[t.stage] ?? t.stage} />
    </Space>
  );
}

/** 重试 (failed, cancelled), 取消 (queued, running), 删除: the row's and the drawer's actions. */
function TaskActions({
  task,
  onChanged,
  onDeleted,
}: {
  task: Task;
  onChanged: (t: Task) => void;
  onDeleted: (id: string) => void;
}) {
  const act = useAdminAction();
  const [retry] = useMutation(AdminRetrySigningTaskMutation);
  const [cancel] = useMutation(AdminCancelSigningTaskMutation);
  const [remove] = useMutation(AdminDeleteSigningTaskMutation);
  const active = task.status === "queued" || task.status === "running";
  return (
    <Space size={0} wrap>
      {(task.status === "failed" || task.status === "cancelled") && (
        <Popconfirm
          title="重新执行该签名任务？（管理员重试不再扣费）"
          okText="重试"
          cancelText="取消"
          onConfirm={() =>
            act(
              async () => onChanged((await retry({ variables: { id: task.id } })).data!.adminRetrySigningTask),
              "已重新排队",
            )
          }
        >
          <Button type="link" size="small">
            重试
          </Button>
        </Popconfirm>
      )}
      {active && (
        <Popconfirm
          title="取消该签名任务？已扣的费用会退回"
          okText="取消任务"
          cancelText="返回"
          onConfirm={() =>
            act(
              async () => onChanged((await cancel({ variables: { id: task.id } })).data!.adminCancelSigningTask),
              "已取消",
            )
          }
        >
          <Button type="link" size="small">
            取消
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={active ? "任务仍在进行，将先取消再删除，确定吗？" : "删除任务和签名后的 IPA，确定吗？"}
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={() =>
          act(async () => {
            await remove({ variables: { id: task.id } });
            onDeleted(task.id);
          }, "已删除")
        }
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** 增加下载次数 in the drawer: 1–1000 more for this task. */
function AddDownloads({ task, onChanged }: { task: Task; onChanged: (t: Task) => void }) {
  const act = useAdminAction();
  const [count, setCount] = useState<number | null>(5);
  const [add, { loading }] = useMutation(AddSigningDownloadsMutation);
  return (
    <Space.Compact>
      <InputNumber
        aria-label="增加次数"
        min={1}
        max={1000}
        precision={0}
        value={count}
        onChange={setCount}
        style={{ width: 110 }}
        suffix="次"
      />
      <Button
        loading={loading}
        disabled={!count}
        onClick={() =>
          act(
            async () => onChanged((await add({ variables: { id: task.id, count: count! } })).data!.addSigningDownloads),
            "已增加下载次数",
          )
        }
      >
        增加下载次数
      </Button>
    </Space.Compact>
  );
}

function TaskDrawer({
  task,
  onClose,
  onChanged,
  onDeleted,
}: {
  task: Task | null;
  onClose: () => void;
  onChanged: (t: Task) => void;
  onDeleted: (id: string) => void;
}) {
  const compact = useCompact();
  const o = task?.options;
  const changes = o
    ? [
        o.bundleId && `Bundle ID → ${o.bundleId}`,
        o.displayName && `名称 → ${o.displayName}`,
        o.version && `版本 → ${o.version}`,
        o.dylibIds?.length && `注入动态库 ${o.dylibIds.length} 个`,
        o.removeUISupportedDevices && "移除设备限制",
        o.removePlugins && "移除插件",
        o.removeWatch && "移除 Watch 应用",
      ].filter(Boolean)
    : [];
  return (
    <Drawer
      title={task ? `签名任务 #${task.id}` : "签名任务"}
      open={!!task}
      onClose={onClose}
      width={compact ? "100%" : 520}
    >
      {task && (
        <Space direction="vertical" size={16} style={{ width: "100%" }} data-testid="signing-task-detail">
          <NameCell icon={task.iconUrl} name={task.appName} sub={task.bundleId} />
          {task.errorMessage && (
            <Alert type="error" showIcon title={task.errorMessage} description={task.errorCode ?? undefined} />
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="状态">
              <TaskStatusTag t={task} />
            </Descriptions.Item>
            <Descriptions.Item label="用户">
              {task.username ? `${task.username}（ID ${task.userId}）` : `ID ${task.userId}`}
            </Descriptions.Item>
            <Descriptions.Item label="证书">
              {task.certificateId
                ? `${task.certificateName}（ID ${task.certificateId}）`
                : task.certificateName || "（已删除）"}
            </Descriptions.Item>
            <Descriptions.Item label="来源">
              {SOURCE_LABELS[task.source] ?? task.source}
              {task.appId ? `（应用 ID ${task.appId}）` : task.uploadId ? `（上传 ID ${task.uploadId}）` : ""}
            </Descriptions.Item>
            <Descriptions.Item label="版本">{task.version || "-"}</Descriptions.Item>
            <Descriptions.Item label="签名选项">{changes.length ? changes.join("；") : "无"}</Descriptions.Item>
            <Descriptions.Item label="费用">
              {task.chargeFen ? `¥${formatPrice(task.chargeFen / 100)}${task.refunded ? "（已退回）" : ""}` : "免费"}
            </Descriptions.Item>
            <Descriptions.Item label="下载">
              <span data-testid="task-downloads">{`${task.downloadsUsed} / ${task.downloadsLimit}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label="签名包">
              {task.artifactSize ? formatFileSize(task.artifactSize) : "-"}
            </Descriptions.Item>
            <Descriptions.Item label="创建时间">
              <BusinessDateTime value={task.createdAt} />
            </Descriptions.Item>
            {task.startedAt && (
              <Descriptions.Item label="开始时间">
                <BusinessDateTime value={task.startedAt} />
              </Descriptions.Item>
            )}
            {task.finishedAt && (
              <Descriptions.Item label="结束时间">
                <BusinessDateTime value={task.finishedAt} />
              </Descriptions.Item>
            )}
            {task.expiresAt && (
              <Descriptions.Item label="签名包到期">
                <BusinessDateTime value={task.expiresAt} />
              </Descriptions.Item>
            )}
          </Descriptions>
          {task.report ? (
            <SigningReport report={task.report as Record<string, unknown>} />
          ) : (
            <Typography.Text type="secondary">任务完成后显示签名报告</Typography.Text>
          )}
          <Space wrap>
            {task.status === "done" && <AddDownloads task={task} onChanged={onChanged} />}
            <TaskActions task={task} onChanged={onChanged} onDeleted={onDeleted} />
          </Space>
        </Space>
      )}
    </Drawer>
  );
}

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
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const filter = {
    status,
    user: user || null,
    certificateId: certificateId || null,
    from: range?.[0]?.format("YYYY-MM-DD") ?? null,
    to: range?.[1]?.format("YYYY-MM-DD") ?? null,
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
    <Card
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
        <Select
          allowClear
          aria-label="状态"
          placeholder="全部状态"
          style={{ width: 130 }}
          options={optionsOf(TASK_STATUS_LABELS)}
          value={status}
          onChange={filtered((v?: string | null) => onStatus(v ?? null))}
        />
        <Input.Search
          aria-label="用户"
          placeholder="用户ID或用户名"
          allowClear
          style={{ width: 200 }}
          onSearch={filtered((v: string) => setUser(v.trim()))}
        />
        <Input.Search
          aria-label="证书ID"
          placeholder="证书ID"
          allowClear
          style={{ width: 150 }}
          inputMode="numeric"
          onSearch={filtered((v: string) => setCertificateId(v.trim()))}
        />
        <DatePicker.RangePicker
          aria-label="日期"
          value={range}
          onChange={filtered((v: unknown) => setRange(v as [Dayjs | null, Dayjs | null] | null))}
        />
      </Space>
      <LoadError error={error} />
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? EMPTY}
        loading={loading && !list}
        pagination={pagination(list?.total ?? 0)}
      />
      <TaskDrawer task={detail} onClose={() => setDetailId(null)} onChanged={changed} onDeleted={deleted} />
    </Card>
  );
}
