import { forwardRef, useImperativeHandle, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Button } from "antd-mobile";
import { errorMessage } from "../../shared/graphqlError";
import { MySigningTasksQuery } from "./operations";
import { TaskCard, TaskSkeleton } from "./TaskCard";
import styles from "./signing.module.css";

const PAGE = 10;
/** The server's largest page: the list shows at most the newest this many. */
const MAX_SHOWN = 100;

export interface TaskListHandle {
  /** Reads the list again (a task was just created). */
  reload(): void;
  /** A task the subscription reported: reloads when the list does not hold it yet (made in another tab). */
  seen(id: string): void;
}

/**
 * 我的签名任务: the caller's tasks, newest first, 10 more per 加载更多 (up to the newest 100), each a live TaskCard (the page holds the
 * subscription; `socketDown` makes running cards poll). `hideId`: the task the page shows above the list.
 */
export const TaskList = forwardRef<TaskListHandle, { socketDown: boolean; hideId?: string | null }>(function TaskList(
  { socketDown, hideId },
  ref,
) {
  const [shown, setShown] = useState(PAGE);
  const { data, previousData, loading, error, refetch } = useQuery(MySigningTasksQuery, {
    variables: { page: 1, pageSize: shown },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const page = (data ?? previousData)?.mySigningTasks;
  const reload = () => void refetch().catch(() => undefined);
  useImperativeHandle(ref, () => ({
    reload,
    seen: (id) => {
      if (page && !page.items.some((i) => i.id === id)) reload();
    },
  }));
  const items = page?.items.filter((t) => t.id !== hideId) ?? [];
  return (
    <section className={styles.card} aria-labelledby="signing-tasks-title">
      <div className={styles.head}>
        <h2 id="signing-tasks-title" className={styles.sectionTitle}>
          我的签名任务{page ? `（${page.total}）` : ""}
        </h2>
        {socketDown && page?.items.some((t) => t.status === "queued" || t.status === "running") && (
          <span className={styles.hint}>实时连接已断开，每 3 秒刷新</span>
        )}
      </div>
      {error && !page && <p className={styles.error}>{errorMessage(error)}</p>}
      {!page && loading && (
        <div className={styles.tasks}>
          <TaskSkeleton />
          <TaskSkeleton />
        </div>
      )}
      {page && page.total === 0 && <p className={styles.empty}>暂无签名任务，选择证书和安装包后提交签名</p>}
      {page && page.total > 0 && items.length === 0 && <p className={styles.empty}>刚提交的任务显示在上方</p>}
      {page && items.length > 0 && (
        <ul className={styles.tasks} data-testid="signing-tasks">
          {items.map((t) => (
            <TaskCard key={t.id} task={t} socketDown={socketDown} onDeleted={reload} />
          ))}
        </ul>
      )}
      {page && page.items.length < page.total && shown >= MAX_SHOWN && (
        <p className={styles.empty}>仅显示最近 {MAX_SHOWN} 个任务</p>
      )}
      {page && page.items.length < page.total && shown < MAX_SHOWN && (
        <div className={styles.more}>
          <Button
            fill="none"
            color="primary"
            loading={loading}
            onClick={() => setShown((n) => Math.min(MAX_SHOWN, n + PAGE))}
            style={{ minHeight: 44 }}
          >
            加载更多
          </Button>
        </div>
      )}
    </section>
  );
});
