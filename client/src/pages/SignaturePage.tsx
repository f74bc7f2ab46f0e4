import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "antd-mobile";
import type { SigningTaskFieldsFragment } from "../gql/graphql";
import { SigningForm } from "../features/signing/SigningForm";
import { TaskCard } from "../features/signing/TaskCard";
import { TaskList, type TaskListHandle } from "../features/signing/TaskList";
import { useLiveTasks } from "../features/signing/useLiveTasks";
import { usePageTitle } from "../features/site/useSiteInfo";
import styles from "../features/signing/signing.module.css";

/**
 * /signature (签名IPA): the signing form (certificate, IPA upload or a catalogue app from /app-signature via
 * ?app=, or an upload made elsewhere via ?ipa=, options), the task just submitted with its live progress and install section, and the task list.
 */
export default function SignaturePage() {
  usePageTitle("签名IPA");
  const [params, setParams] = useSearchParams();
  const appId = params.get("app");
  const certId = params.get("cert");
  const ipaId = params.get("ipa");
  // ?dylib=1,2: plugins ticked from the start (注入到应用 on a dylib's page).
  const dylibIds = params.get("dylib");
  const list = useRef<TaskListHandle>(null);
  const [current, setCurrent] = useState<SigningTaskFieldsFragment | null>(null);
  const currentRef = useRef<HTMLDivElement>(null);
  const { socketDown } = useLiveTasks((t) => list.current?.seen(t.id));
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signature-title">
        <div className={styles.head}>
          <h1 id="signature-title" className={styles.title}>
            签名IPA
          </h1>
          <Link to="/management" className={styles.headLink}>
            证书管理
          </Link>
        </div>
        <p className={styles.hint}>
          选择证书，上传 IPA 或从应用库选择应用，签名完成后可直接安装到 iPhone 或下载安装包。
        </p>
      </section>

      {current ? (
        <section className={styles.card} aria-label="签名任务已提交" ref={currentRef}>
          <div className={styles.head}>
            <h2 className={styles.sectionTitle}>签名任务已提交</h2>
          </div>
          <ul className={styles.tasks} data-testid="current-task">
            <TaskCard
              task={current}
              socketDown={socketDown}
              onDeleted={() => {
                setCurrent(null);
                list.current?.reload();
              }}
            />
          </ul>
          <Button
            block
            size="large"
            color="primary"
            fill="outline"
            style={{ marginTop: 12 }}
            onClick={() => {
              setCurrent(null);
              if (appId || ipaId) setParams({}, { replace: true });
            }}
          >
            再签一个
          </Button>
        </section>
      ) : (
        <SigningForm
          key={appId ?? `upload-${ipaId ?? ""}`}
          appId={appId}
          ipaId={ipaId}
          certId={certId}
          dylibIds={dylibIds}
          onCreated={(task) => {
            setCurrent(task);
            list.current?.reload();
            requestAnimationFrame(() => currentRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
          }}
        />
      )}

      <TaskList ref={list} socketDown={socketDown} hideId={current?.id} />
    </div>
  );
}
