import { useEffect, useState } from "react";
import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { Alert, Button, Popconfirm, Space } from "antd";
import type { DetectionBatchFieldsFragment } from "../../../gql/graphql";
import { formatDateTime } from "../../../shared/format";
import { downloadWithToken } from "../../../shared/download";
import { useAdminAction } from "../common/useAdminAction";
import { BATCH_STATUS, FILTER_STATUS_OPTIONS, SCOPE_OPTIONS, filterStatusLabel, scopeLabel } from "./labels";
import {
  CancelDetectionBatchMutation,
  DetectionBatchProgressSubscription,
  DetectionBatchQuery,
  DetectionCandidatesQuery,
  StartDetectionBatchMutation,
} from "./operations";
import { Field, TextInput } from "../common/fields";
import fieldStyles from "../common/fields.module.css";
import { FilterSelect } from "../common/FilterSelect";
import { Panel } from "../common/Panel";
import { Progress } from "../common/Progress";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";
import styles from "./checks.module.css";

type Batch = DetectionBatchFieldsFragment;
interface Filter {
  scope: string;
  status: string;
  search?: string;
}

/** Downloads a batch's results as CSV. */
export const exportCsv = (id: string) =>
  downloadWithToken(`/api/admin/certificate-detection/batches/${id}/export`, `certificate-detection-${id}.csv`);

/** 新建检测批次: the filter, how many certificates it chooses now, and the start button. */
export function StartBatch({ onStarted }: { onStarted: (b: Batch) => void }) {
  const [filter, setFilter] = useState<Filter>({ scope: "all", status: "all" });
  const candidates = useQuery(DetectionCandidatesQuery, {
    variables: { filter: { ...filter, search: filter.search || null } },
    fetchPolicy: "cache-and-network",
  });
  const [start, { loading }] = useMutation(StartDetectionBatchMutation);
  const act = useAdminAction();
  const count = candidates.data?.detectionCandidates;

  const submit = () =>
    act(
      async () => {
        const { data } = await start({ variables: { filter: { ...filter, search: filter.search || null } } });
        onStarted(data!.startDetectionBatch);
      },
      "检测已开始",
      "无法开始检测",
    );

  return (
    <Panel title="新建检测批次">
      <div className={fieldStyles.inlineForm}>
        <Field inline label="范围">
          {(id) => (
            <FilterSelect
              id={id}
              style={{ width: 120 }}
              options={SCOPE_OPTIONS}
              value={filter.scope}
              onChange={(scope) => scope && setFilter((f) => ({ ...f, scope }))}
            />
          )}
        </Field>
        <Field inline label="当前状态">
          {(id) => (
            <FilterSelect
              id={id}
              style={{ width: 120 }}
              options={FILTER_STATUS_OPTIONS}
              value={filter.status}
              onChange={(status) => status && setFilter((f) => ({ ...f, status }))}
            />
          )}
        </Field>
        <Field inline label="搜索">
          {(id) => (
            <TextInput
              id={id}
              type="search"
              placeholder="名称、团队ID、用户"
              style={{ width: 180 }}
              value={filter.search ?? ""}
              onChange={(e) => setFilter((f) => ({ ...f, search: e.target.value }))}
            />
          )}
        </Field>
      </div>
      <Space wrap style={{ marginTop: 16 }}>
        <Text data-testid="candidate-count">{count === undefined ? "正在统计…" : `符合条件：${count} 个证书`}</Text>
        <Popconfirm title={`对 ${count ?? 0} 个证书进行吊销检测？`} okText="开始" onConfirm={submit} disabled={!count}>
          <Button type="primary" loading={loading} disabled={!count}>
            开始检测
          </Button>
        </Popconfirm>
      </Space>
    </Panel>
  );
}

function Bar({
  label,
  value,
  total,
  color,
  testId,
}: {
  label: string;
  value: number;
  total: number;
  color: string;
  testId: string;
}) {
  return (
    <div>
      <Space style={{ width: "100%", justifyContent: "space-between" }}>
        <span>{label}</span>
        <span data-testid={testId}>{value}</span>
      </Space>
      <Progress percent={total ? Math.round((value / total) * 100) : 0} color={color} showInfo={false} label={label} />
    </div>
  );
}

/**
 * 检测进度: one batch, live. The subscription sends the batch at once and again as it moves; while the socket is
 * down the page asks over HTTP every few seconds instead.
 */
export function BatchProgress({ id, onChanged }: { id: string; onChanged: () => void }) {
  const live = useSubscription(DetectionBatchProgressSubscription, { variables: { id } });
  const socketDown = !!live.error;
  const polled = useQuery(DetectionBatchQuery, {
    variables: { id },
    pollInterval: socketDown ? 3000 : 0,
    skip: !!live.data && !socketDown,
  });
  const batch =
    (socketDown ? polled.data?.detectionBatch : live.data?.detectionBatchProgress) ?? polled.data?.detectionBatch;
  const [cancel, { loading: cancelling }] = useMutation(CancelDetectionBatchMutation);
  const act = useAdminAction();
  const status = batch?.status;
  useEffect(() => {
    if (status && status !== "running") onChanged();
  }, [status]); // the history shows the batch's final state

  if (!batch) return <Panel title={`检测批次 #${id}`} loading />;
  const s = BATCH_STATUS[batch.status] ?? { text: batch.status, color: "default" };
  const percent = batch.total ? Math.floor((batch.done / batch.total) * 100) : 0;
  return (
    <Panel
      title={`检测批次 #${batch.id}`}
      extra={
        <Tag color={s.color} data-testid="batch-status">
          {s.text}
        </Tag>
      }
      data-testid="batch-progress"
    >
      <Space direction="vertical" style={{ width: "100%" }} size={12}>
        <Text type="secondary">
          {scopeLabel(batch.filter.scope)} · {filterStatusLabel(batch.filter.status)}
          {batch.filter.search ? ` · “${batch.filter.search}”` : ""} · {formatDateTime(batch.createdAt)}
        </Text>
        <Progress
          label="检测进度"
          percent={percent}
          status={batch.status === "running" ? "active" : batch.status === "cancelled" ? "exception" : "success"}
        />
        <div>
          <div className={styles.statTitle}>已完成 / 总数</div>
          <div className={styles.statValue}>{`${batch.done} / ${batch.total}`}</div>
        </div>
        <div data-testid="batch-done" hidden>
          {batch.done}
        </div>
        <Bar label="正常" value={batch.good} total={batch.total} color="#52c41a" testId="count-good" />
        <Bar label="已吊销" value={batch.revoked} total={batch.total} color="#ff4d4f" testId="count-revoked" />
        <Bar label="未知" value={batch.unknown} total={batch.total} color="#faad14" testId="count-unknown" />
        <Bar label="错误" value={batch.error} total={batch.total} color="#8c8c8c" testId="count-error" />
        {batch.cancelled > 0 && <Text type="secondary">已取消 {batch.cancelled} 个</Text>}
        {socketDown && <Alert type="warning" showIcon title="实时连接已断开，正在定时刷新" />}
        <Space wrap>
          {batch.status === "running" && (
            <Popconfirm
              title="取消后尚未检测的证书将不再检测"
              okText="取消批次"
              cancelText="继续"
              onConfirm={() => act(() => cancel({ variables: { id: batch.id } }), "已取消", "取消失败")}
            >
              <Button danger loading={cancelling}>
                取消
              </Button>
            </Popconfirm>
          )}
          <Button onClick={() => act(() => exportCsv(batch.id), undefined, "导出失败")}>导出CSV</Button>
        </Space>
      </Space>
    </Panel>
  );
}
