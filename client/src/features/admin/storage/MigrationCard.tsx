import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { Alert, Button, Descriptions, Space } from "antd";
import { Progress } from "../common/Progress";
import { useEffect } from "react";
import { formatDateTime } from "../../../shared/format";
import type { StorageMigrationFieldsFragment as Migration } from "../../../gql/graphql";
import { useAdminAction } from "../common/useAdminAction";
import {
  StartStorageMigrationMutation,
  StorageMigrationProgressSubscription,
  StorageMigrationQuery,
} from "./operations";
import { formatBytes } from "./format";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Text, Paragraph } from "../common/Text";

const STATUS: Record<string, { text: string; color: string }> = {
  running: { text: "迁移中", color: "processing" },
  done: { text: "已完成", color: "success" },
  failed: { text: "失败", color: "error" },
};

/** One migration, live: the subscription sends it at once and as it moves; while the socket is down, polled. */
function MigrationProgress({ id, onFinished }: { id: string; onFinished: () => void }) {
  const live = useSubscription(StorageMigrationProgressSubscription, { variables: { id } });
  const socketDown = !!live.error;
  const polled = useQuery(StorageMigrationQuery, {
    variables: { id },
    pollInterval: socketDown ? 3000 : 0,
    skip: !!live.data && !socketDown,
  });
  const m: Migration | undefined =
    (socketDown ? polled.data?.storageMigration : live.data?.storageMigrationProgress) ?? polled.data?.storageMigration;
  const status = m?.status;
  useEffect(() => {
    if (status && status !== "running") onFinished();
  }, [status]); // the usage tables change once it ends
  if (!m) return null;
  const s = STATUS[m.status] ?? { text: m.status, color: "default" };
  const percent = m.totalCount ? Math.floor((m.movedCount / m.totalCount) * 100) : m.status === "done" ? 100 : 0;
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="migration-progress">
      <Space wrap>
        <Text strong>迁移 #{m.id}</Text>
        <Tag color={s.color} data-testid="migration-status">
          {s.text}
        </Tag>
      </Space>
      <Progress
        percent={percent}
        status={m.status === "running" ? "active" : m.status === "failed" ? "exception" : "success"}
      />
      <Descriptions column={1} size="small">
        <Descriptions.Item label="已迁移">
          <span data-testid="migration-moved">
            {m.movedCount} / {m.totalCount} 个文件
          </span>
          （{formatBytes(m.movedBytes)} / {formatBytes(m.totalBytes)}）
        </Descriptions.Item>
        {m.failedCount > 0 && (
          <Descriptions.Item label="校验失败">{m.failedCount} 个（保留在本地，再次迁移会重试）</Descriptions.Item>
        )}
        <Descriptions.Item label="开始于">{formatDateTime(m.startedAt)}</Descriptions.Item>
        {m.finishedAt && <Descriptions.Item label="结束于">{formatDateTime(m.finishedAt)}</Descriptions.Item>}
        {m.runs > 1 && <Descriptions.Item label="运行次数">{m.runs}（中断后已自动续传）</Descriptions.Item>}
      </Descriptions>
      {m.lastError && <Alert type={m.status === "failed" ? "error" : "warning"} showIcon message={m.lastError} />}
    </Space>
  );
}

/**
 * 迁移 local → S3: what is still on the local disk, 开始迁移 (a worker job: each file checked in S3 by size and SHA-256
 * before its local copy is removed; a killed run continues), and the latest migration's live progress.
 */
export function MigrationCard(props: {
  backend: string;
  localCount: number;
  localBytes: number;
  migration: Migration | null | undefined;
  onChanged: () => void;
}) {
  const [start, { loading }] = useMutation(StartStorageMigrationMutation);
  const act = useAdminAction();
  const running = props.migration?.status === "running";
  if (props.backend !== "s3")
    return (
      <Panel title="迁移到 S3">
        <Paragraph type="secondary" style={{ marginBottom: 0 }}>
          当前使用本地磁盘。先配置 S3 对象存储（STORAGE_BACKEND=s3 与 S3_* 环境变量）并重启服务器与 worker，
          之后可在这里把本地文件迁移到 S3。
        </Paragraph>
      </Panel>
    );
  return (
    <Panel
      title="迁移到 S3"
      extra={
        <Button
          type="primary"
          loading={loading}
          disabled={running}
          onClick={() => void act(() => start().then(() => props.onChanged()), "已开始迁移", "开始迁移失败")}
        >
          {running ? "迁移中" : "开始迁移"}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Text data-testid="local-pending">
          {props.localCount > 0
            ? `本地磁盘还有 ${props.localCount} 个文件（${formatBytes(props.localBytes)}）待迁移到 S3。`
            : "本地磁盘没有待迁移的文件：所有文件都在 S3 中。"}
        </Text>
        <Text type="secondary">
          每个文件写入 S3 后读回核对大小与 SHA-256，一致才删除本地副本；中断后再次开始会从剩余文件继续。
        </Text>
        {props.migration && (
          <MigrationProgress key={props.migration.id} id={props.migration.id} onFinished={props.onChanged} />
        )}
      </Space>
    </Panel>
  );
}
