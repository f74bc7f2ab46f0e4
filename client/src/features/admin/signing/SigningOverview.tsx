import { useCallback, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Skeleton, Space, Statistic } from "antd";
import { LoadError } from "../common/list";
import { useCompact } from "../common/useCompact";
import { TASK_STATUS_LABELS } from "./labels";
import { SigningStatsQuery } from "./operations";
import { SigningsChart } from "./SigningsChart";
import { SigningTasksTable } from "./SigningTasksTable";
import { Panel } from "../common/Panel";

const STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
const COLORS: Record<string, string> = {
  queued: "#8c8c8c",
  running: "#1677ff",
  done: "#52c41a",
  failed: "#f5222d",
  cancelled: "#fa8c16",
};

/**
 * /admin/signatures (签名管理): tasks per status (a click filters the list by it), signings per day for the last
 * two weeks, and every signing task with its detail, report and actions.
 */
export function SigningOverview() {
  const compact = useCompact();
  const [status, setStatus] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(SigningStatsQuery, { fetchPolicy: "cache-and-network" });
  const stats = data?.signingStats;
  const reloadStats = useCallback(() => void refetch(), [refetch]);
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <LoadError error={error} />
      <div
        style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(112px, 1fr))", gap: compact ? 8 : 16 }}
        data-testid="signing-counts"
      >
        {STATUSES.map((s) => (
          <Panel
            key={s}
            size="small"
            hoverable
            loading={loading && !stats}
            onClick={() => setStatus(status === s ? null : s)}
            style={{ borderColor: status === s ? COLORS[s] : undefined, minHeight: 44 }}
            role="button"
            aria-pressed={status === s}
            aria-label={`${TASK_STATUS_LABELS[s]} ${stats?.[s] ?? 0}`}
          >
            <Statistic title={TASK_STATUS_LABELS[s]} value={stats?.[s] ?? 0} valueStyle={{ color: COLORS[s] }} />
          </Panel>
        ))}
      </div>
      <Panel title="近14天签名数" size={compact ? "small" : "default"}>
        {stats ? <SigningsChart data={stats.perDay} /> : <Skeleton active paragraph={{ rows: 4 }} />}
      </Panel>
      <SigningTasksTable status={status} onStatus={setStatus} onChanged={reloadStats} />
    </Space>
  );
}
