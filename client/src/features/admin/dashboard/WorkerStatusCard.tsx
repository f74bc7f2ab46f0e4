import { useQuery, useSubscription } from "@apollo/client/react";
import { Alert } from "antd";
import { Panel } from "../common/Panel";
import { formatDateTime, toDate } from "../../../shared/format";
import { errorMessage } from "../../../shared/graphqlError";
import { WorkerStatusChangedSubscription, WorkerStatusQuery } from "./operations";
import styles from "./dashboard.module.css";
import { Tag } from "../common/Tag";

/** To the second: heartbeats come every few seconds. */
const formatSeconds = (v: string | Date) => toDate(v).toLocaleString("zh-CN", { hour12: false });

/** Polling only while the live subscription is down. */
const FALLBACK_POLL_MS = 15_000;

/**
 * The workers' liveness, live: the subscription sends the status at once and again after every heartbeat. When
 * the socket is down the card falls back to polling the same status over HTTP.
 */
export function WorkerStatusCard() {
  const live = useSubscription(WorkerStatusChangedSubscription);
  const socketDown = !!live.error;
  const polled = useQuery(WorkerStatusQuery, {
    pollInterval: socketDown ? FALLBACK_POLL_MS : 0,
    skip: !!live.data && !socketDown,
  });
  const status = (socketDown ? polled.data?.workerStatus : live.data?.workerStatusChanged) ?? polled.data?.workerStatus;
  const error = polled.error ?? (live.error && !polled.data ? live.error : undefined);

  return (
    <Panel
      title="后台任务服务"
      loading={!status && !error}
      extra={status && <Tag color={status.alive ? "success" : "error"}>{status.alive ? "运行中" : "未运行"}</Tag>}
      data-testid="worker-status"
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {status && (
        <>
          {/* A plain paragraph in Typography's secondary look: antd's Typography (with its TextArea for editing) would
              be on the dashboard's first load for this one line. */}
          <p className={styles.heartbeat}>
            {status.lastSeenAt
              ? `最近心跳：${formatSeconds(status.lastSeenAt)}`
              : "尚未收到任何后台任务服务的心跳，任务会在队列中等待。"}
          </p>
          {/* A plain list: antd's List would bring its pagination (and Select) onto the dashboard's first load. */}
          {status.workers.length === 0 ? (
            <p className={styles.workerEmpty}>暂无后台任务服务</p>
          ) : (
            <ul className={styles.workers}>
              {status.workers.map((w, i) => (
                <li key={`${w.worker}-${i}`} className={styles.worker}>
                  <div className={styles.workerName}>
                    {w.worker} <Tag color={w.alive ? "success" : "default"}>{w.alive ? "在线" : "离线"}</Tag>
                  </div>
                  <div className={styles.workerMeta}>
                    {`队列后端 ${w.backend} · 队列 ${w.queues.join(", ")} · 启动于 ${formatDateTime(w.startedAt)} · 最近心跳 ${formatSeconds(w.lastSeenAt)}`}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}
