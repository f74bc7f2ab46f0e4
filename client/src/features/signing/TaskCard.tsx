import { useEffect, useRef } from "react";
import { useApolloClient, useFragment, useMutation, useQuery } from "@apollo/client/react";
import { Button, ProgressBar } from "antd-mobile";
import { confirmDialog } from "../../shared/ui/confirm";
import "../../shared/ui/antdMobileRender";
import type { SigningTaskFieldsFragment } from "../../gql/graphql";
import { formatDateTime } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { AppIcon } from "../catalog/AppIcon";
import { toast } from "../site/toast";
import { InstallPanel } from "./InstallPanel";
import { ResignNotice } from "./ResignNotice";
import { STAGES, STATUS_LABELS, isActive, stageIndex, stageLabel, feeText } from "./labels";
import {
  SigningTaskFields,
  CancelSigningTaskMutation,
  DeleteSigningTaskMutation,
  RetrySigningTaskMutation,
  SigningInstallQuery,
  SigningTaskQuery,
} from "./operations";
import styles from "./signing.module.css";

/** Polling period while the subscription socket is down. */
const POLL_MS = 3000;
/** With the socket up, an active task without any update for this long is read again. */
const QUIET_MS = 20_000;

function Stages({ stage }: { stage: string }) {
  const now = stageIndex(stage);
  return (
    <ol className={styles.stages} aria-label="签名进度">
      {STAGES.map((s, i) => (
        <li
          key={s.key}
          className={i < now ? styles.stagePast : i === now ? styles.stageNow : undefined}
          aria-current={i === now ? "step" : undefined}
        >
          {s.label}
        </li>
      ))}
    </ol>
  );
}

/** The install section of a done task (its owner's view: no link token needed). */
function DoneSection({ task }: { task: SigningTaskFieldsFragment }) {
  const { data, error, loading, refetch } = useQuery(SigningInstallQuery, {
    variables: { id: task.id },
    fetchPolicy: "cache-and-network",
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Re-signed after 掉签 (live, through the card's task): the install section shows the new signature.
  const resignedAt = task.resignedAt;
  useEffect(() => {
    if (resignedAt) void refetch().catch(() => undefined);
  }, [resignedAt, refetch]);
  const info = data?.signingInstall;
  if (info)
    return (
      <div className={styles.install}>
        <InstallPanel
          info={info}
          onDownload={() => {
            // A download started: read the quota again a moment later.
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void refetch().catch(() => undefined), 1500);
          }}
        />
      </div>
    );
  if (error) return <p className={styles.error}>{errorMessage(error)}</p>;
  return loading ? (
    <div className={styles.install} aria-busy="true">
      <span className={styles.shimmer} style={{ height: 44 }} />
      <span className={styles.shimmer} style={{ height: 14, width: "60%", marginTop: 12 }} />
    </div>
  ) : null;
}

/**
 * One signing task: app, status and, while it runs, its stage and progress (live through the page's subscription,
 * or polled every 3 s when `socketDown`); done: the install section; failed: the reason and 重试. 取消 while it
 * runs, 删除 (confirmed) otherwise.
 */
export function TaskCard({
  task: given,
  socketDown,
  onDeleted,
}: {
  task: SigningTaskFieldsFragment;
  socketDown: boolean;
  onDeleted?: (id: string) => void;
}) {
  // The cached task (moved by the subscription, the polling and the mutations), else what the caller gave.
  const cached = useFragment({ fragment: SigningTaskFields, fragmentName: "SigningTaskFields", from: given });
  const task = cached.complete ? cached.data : given;
  const active = isActive(task.status);
  // Fallback polling; the answer updates the cached task, which this card reads.
  useQuery(SigningTaskQuery, {
    variables: { id: task.id },
    skip: !(active && socketDown),
    pollInterval: POLL_MS,
    fetchPolicy: "network-only",
  });
  // Live events are delivered at most once (a reconnecting socket or event bus misses what passes meanwhile): an active
  // task with no news for QUIET_MS is read again, so a lost update cannot leave the card stuck.
  const client = useApolloClient();
  const news = `${task.status}:${task.stage}:${task.progress}`;
  useEffect(() => {
    if (!active || socketDown) return;
    const timer = setInterval(() => {
      void client
        .query({ query: SigningTaskQuery, variables: { id: task.id }, fetchPolicy: "network-only" })
        .catch(() => undefined);
    }, QUIET_MS);
    return () => clearInterval(timer);
  }, [active, socketDown, news, client, task.id]);
  const [cancel, cancelling] = useMutation(CancelSigningTaskMutation);
  const [retry, retrying] = useMutation(RetrySigningTaskMutation);
  const [remove, removing] = useMutation(DeleteSigningTaskMutation);
  const fail = (e: unknown) => toast({ icon: "fail", content: errorMessage(e) });
  const onDelete = async () => {
    const ok = await confirmDialog({
      title: "删除签名任务",
      content: `确定删除「${task.appName}」的签名任务吗？签名后的安装包也会一并删除。`,
      confirmText: "删除",
      cancelText: "取消",
    });
    if (!ok) return;
    try {
      await remove({ variables: { id: task.id } });
      toast({ icon: "success", content: "已删除" });
      onDeleted?.(task.id);
    } catch (e) {
      fail(e);
    }
  };
  return (
    <li className={styles.task} data-testid="signing-task" data-id={task.id} data-status={task.status}>
      <div className={styles.taskTop}>
        <AppIcon src={task.iconUrl} name={task.appName} size={52} />
        <div className={styles.appText}>
          <div className={styles.appName}>{task.appName || "签名任务"}</div>
          <div className={styles.mono}>{task.bundleId}</div>
          <div className={styles.mono}>
            {task.version ? `v${task.version} · ` : ""}
            {task.certificateName}
          </div>
        </div>
        <span className={`${styles.status} ${styles[`status_${task.status}`] ?? ""}`} data-testid="task-status">
          {STATUS_LABELS[task.status] ?? task.status}
        </span>
      </div>

      {active && (
        <div className={styles.progress}>
          <div className={styles.progressText}>
            <span data-testid="task-stage">{stageLabel(task.stage)}</span>
            <strong>{task.progress}%</strong>
          </div>
          <ProgressBar percent={task.progress} style={{ "--track-width": "6px" }} />
          <Stages stage={task.stage} />
        </div>
      )}
      {task.status === "done" && (
        <>
          <div className={styles.progressText} style={{ marginTop: 10, marginBottom: 0 }}>
            <span data-testid="task-stage">{stageLabel("done")}</span>
            <span>{formatDateTime(task.finishedAt)}</span>
          </div>
          <ResignNotice task={task} />
          <DoneSection task={task} />
        </>
      )}
      {task.status === "failed" && (
        <p className={styles.error} role="alert" data-testid="task-error">
          {task.errorMessage || "签名失败"}
        </p>
      )}

      <div className={styles.taskMeta}>
        <span>提交：{formatDateTime(task.createdAt)}</span>
        {task.chargeFen > 0 && (
          <span>
            费用：{feeText(task.chargeFen)}
            {task.refunded ? "（已退回）" : ""}
          </span>
        )}
      </div>

      <div className={styles.taskActions}>
        {active && (
          <Button
            size="middle"
            fill="outline"
            loading={cancelling.loading}
            onClick={() => void cancel({ variables: { id: task.id } }).then(() => toast({ content: "已取消" }), fail)}
          >
            取消
          </Button>
        )}
        {(task.status === "failed" || task.status === "cancelled") && (
          <Button
            size="middle"
            color="primary"
            fill="outline"
            loading={retrying.loading}
            onClick={() =>
              void retry({ variables: { id: task.id } }).then(() => toast({ content: "已重新提交" }), fail)
            }
          >
            重试
          </Button>
        )}
        {!active && (
          <Button
            size="middle"
            fill="outline"
            color="danger"
            loading={removing.loading}
            onClick={() => void onDelete()}
          >
            删除
          </Button>
        )}
      </div>
    </li>
  );
}

export function TaskSkeleton() {
  return (
    <div className={styles.task} aria-busy="true" aria-label="加载中">
      <div className={styles.skeletonRow} style={{ padding: 0 }}>
        <span className={styles.shimmer} style={{ width: 52, height: 52, borderRadius: 12 }} />
        <div className={styles.skeletonText}>
          <span className={styles.shimmer} style={{ width: "55%", height: 16 }} />
          <span className={styles.shimmer} style={{ width: "75%", height: 12 }} />
          <span className={styles.shimmer} style={{ width: "40%", height: 12 }} />
        </div>
      </div>
      <span className={styles.shimmer} style={{ height: 44, marginTop: 12 }} />
    </div>
  );
}
