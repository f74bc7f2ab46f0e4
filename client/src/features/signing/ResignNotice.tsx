import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button } from "antd-mobile";
import type { SigningTaskFieldsFragment } from "../../gql/graphql";
import { formatDateTime } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { toast } from "../site/toast";
import { CertificatePicker } from "./CertificatePicker";
import { ResignSigningTaskMutation, SigningFormQuery } from "./operations";
import styles from "./signing.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

/** 换证书重签: the caller's usable certificates (not the revoked one); the task keeps its install link. */
function ResignSheet({ task, onClose }: { task: SigningTaskFieldsFragment; onClose: () => void }) {
  const { data, loading } = useQuery(SigningFormQuery, { fetchPolicy: "cache-and-network" });
  const [chosen, setChosen] = useState<string | null>(null);
  const [resign, resigning] = useMutation(ResignSigningTaskMutation);
  const certificates = (data?.signableCertificates ?? []).filter((c) => c.id !== task.certificateId);
  const submit = async () => {
    if (!chosen) return;
    try {
      await resign({ variables: { id: task.id, certificateId: chosen } });
      toast({ icon: "success", content: "已提交重签，安装链接不变" });
      onClose();
    } catch (e) {
      toast({ icon: "fail", content: errorMessage(e) });
    }
  };
  return (
    <div className={styles.sheet} role="dialog" aria-label="换证书重签">
      <h2 className={styles.sheetTitle}>换证书重签</h2>
      <p className={styles.sheetHint}>选择一个可用的证书重新签名「{task.appName}」。免费，原安装链接和二维码不变。</p>
      {loading && !data ? (
        <span className={styles.shimmer} style={{ height: 72 }} />
      ) : (
        <CertificatePicker certificates={certificates} value={chosen} onChange={setChosen} />
      )}
      <Button
        block
        color="primary"
        size="large"
        disabled={!chosen}
        loading={resigning.loading}
        onClick={() => void submit()}
        style={{ marginTop: 12 }}
      >
        重新签名
      </Button>
    </div>
  );
}

/**
 * 掉签 on a done task's card: being re-signed; 已自动重签 with the time and the new certificate; or 证书已吊销 with a
 * one-tap 换证书重签. Live: the card's task moves with the page's subscription.
 */
export function ResignNotice({ task }: { task: SigningTaskFieldsFragment }) {
  const [open, setOpen] = useState(false);
  if (task.status !== "done" || !task.resignState) return null;
  if (task.resignState === "repairing")
    return (
      <p className={styles.note} role="status" data-testid="task-resign" data-state="repairing">
        证书已掉签，正在免费自动重签，安装链接不变…
      </p>
    );
  if (task.resignState === "repaired")
    return (
      <p className={styles.resigned} role="status" data-testid="task-resign" data-state="repaired">
        <strong>已自动重签</strong>
        <span>{formatDateTime(task.resignedAt)}</span>
        <span>新证书：{task.certificateName}</span>
      </p>
    );
  return (
    <div className={styles.revoked} role="alert" data-testid="task-resign" data-state={task.resignState}>
      <div>
        <strong>证书已吊销</strong>
        <span>
          {task.resignState === "failed" ? "自动重签失败，" : "没有可用的替换证书，"}请换一个证书重签，安装链接不变。
        </span>
      </div>
      <Button size="small" color="danger" onClick={() => setOpen(true)}>
        换证书重签
      </Button>
      <BottomSheet
        visible={open}
        onClose={() => setOpen(false)}
        bodyStyle={{ maxHeight: "80vh", overflowY: "auto" }}
        destroyOnClose
      >
        <ResignSheet task={task} onClose={() => setOpen(false)} />
      </BottomSheet>
    </div>
  );
}
