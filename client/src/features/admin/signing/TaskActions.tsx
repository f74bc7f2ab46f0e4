import { useMutation } from "@apollo/client/react";
import { Button, Popconfirm, Space } from "antd";
import { Progress } from "../common/Progress";
import type { AdminSigningTaskFieldsFragment } from "../../../gql/graphql";
import { useAdminAction } from "../common/useAdminAction";
import { TASK_STAGE_LABELS, TASK_STATUS_COLORS, TASK_STATUS_LABELS } from "./labels";
import {
  AdminCancelSigningTaskMutation,
  AdminDeleteSigningTaskMutation,
  AdminRetrySigningTaskMutation,
} from "./operations";
import { Tag } from "../common/Tag";

type Task = AdminSigningTaskFieldsFragment;

/** A task's status tag; a running task's stage and progress under it. */
export function TaskStatusTag({ t }: { t: Pick<Task, "status" | "stage" | "progress"> }) {
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
export function TaskActions({
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
