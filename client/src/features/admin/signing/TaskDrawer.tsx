import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Alert, Button, Descriptions, Drawer, InputNumber, Space } from "antd";
import { formatFileSize, formatPrice } from "../../../shared/format";
import type { AdminSigningTaskFieldsFragment } from "../../../gql/graphql";
import { BusinessDateTime } from "../common/businessTime";
import { NameCell } from "../common/cells";
import { useCompact } from "../common/useCompact";
import { SOURCE_LABELS } from "./labels";
import { SigningReport } from "./SigningReport";
import { TaskActions, TaskStatusTag } from "./TaskActions";
import { useAdminAction } from "../common/useAdminAction";
import { AddSigningDownloadsMutation } from "./operations";
import { Text } from "../common/Text";

type Task = AdminSigningTaskFieldsFragment;

/** A task's detail drawer: who, which certificate, what was asked, what it cost, the signer's report, the actions. */
export function TaskDrawer({
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
            <Text type="secondary">任务完成后显示签名报告</Text>
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
