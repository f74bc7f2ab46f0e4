import { useState } from "react";
import { NextStepsEmpty } from "../shared/ui/NextStepsEmpty";
import { Link } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Switch } from "antd-mobile";
import { CertificateItem, ListSkeleton } from "../features/certificates/CertificateList";
import { MyCertificatesQuery, SetCertificateAutoResignMutation } from "../features/certificates/operations";
import { UploadSheet } from "../features/certificates/UploadSheet";
import { useRecheck } from "../features/certificates/useRecheck";
import { usePageTitle } from "../features/site/useSiteInfo";
import { toast } from "../features/site/toast";
import { errorMessage } from "../shared/graphqlError";
import styles from "../features/certificates/certificates.module.css";

/** /management (证书管理): the user's certificates with their status, and the upload sheet. */
export default function ManagementPage() {
  usePageTitle("证书管理");
  const [uploading, setUploading] = useState(false);
  const { data, loading, error, refetch } = useQuery(MyCertificatesQuery, { fetchPolicy: "cache-and-network" });
  const list = data?.myCertificates;
  const { recheck, checking } = useRecheck(() => void refetch().catch(() => undefined));
  const [setAutoResign, settingAutoResign] = useMutation(SetCertificateAutoResignMutation);
  // At most one: turning it on for one certificate turns it off for the others, so the list is read again.
  const toggleAutoResign = async (id: string, enabled: boolean) => {
    try {
      await setAutoResign({ variables: { id, enabled } });
      await refetch();
      toast({ icon: "success", content: enabled ? "掉签后将自动用此证书重签" : "已取消掉签自动重签" });
    } catch (e) {
      toast({ icon: "fail", content: errorMessage(e) });
    }
  };
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="certs-title">
        <div className={styles.head}>
          <h1 id="certs-title" className={styles.title}>
            证书管理
          </h1>
          <Link to="/temp-certificates" className={styles.headLink}>
            临时证书
          </Link>
        </div>
        <p className={styles.hint}>
          上传 .p12 证书（含私钥）与配套的 .mobileprovision 描述文件。私钥和密码加密保存，仅用于签名。
        </p>
        <p className={styles.hint}>
          打开某个证书的「掉签后自动使用」：其他证书被苹果吊销（掉签）时，已签名的应用会自动免费用它重签，安装链接不变。
        </p>
        <div className={styles.actions}>
          <Button color="primary" size="large" onClick={() => setUploading(true)}>
            上传证书
          </Button>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="certs-list-title">
        <h2 id="certs-list-title" className={styles.sectionTitle}>
          我的证书{list ? `（${list.length}）` : ""}
        </h2>
        {error && <p className={styles.error}>{errorMessage(error)}</p>}
        {!list && loading && <ListSkeleton />}
        {list && list.length === 0 && (
          <NextStepsEmpty
            testId="certificates-empty"
            message="还没有证书。点击上方「上传证书」添加自己的证书，或者："
            steps={[
              { label: "去证书商城购买证书", to: "/certificate-mall", hint: "共享版、稳定版等，付款后自动发放到这里" },
              { label: "用演示证书体验签名", to: "/signature", hint: "无需证书，选择「演示证书」即可签名安装演示应用" },
              { label: "查看使用教程", to: "/tutorial", hint: "证书、描述文件和设备绑定的说明" },
            ]}
          />
        )}
        {list && list.length > 0 && (
          <ul className={styles.list} data-testid="certificates">
            {list.map((c) => (
              <CertificateItem key={c.id} cert={c} to={`/certificate/${c.id}`}>
                <Button
                  size="middle"
                  fill="outline"
                  color="primary"
                  loading={checking.has(c.id)}
                  onClick={() => void recheck(c.id)}
                >
                  重新检测
                </Button>
                {c.status !== "revoked" && (
                  <label className={styles.autoResign} data-testid="auto-resign">
                    <Switch
                      checked={c.autoResign}
                      loading={settingAutoResign.loading}
                      onChange={(on) => void toggleAutoResign(c.id, on)}
                      aria-label={`掉签后自动使用「${c.name}」`}
                    />
                    <span>掉签后自动使用</span>
                  </label>
                )}
              </CertificateItem>
            ))}
          </ul>
        )}
      </section>
      <UploadSheet
        visible={uploading}
        title="上传证书"
        path="/api/certificates/upload"
        onClose={() => setUploading(false)}
        onUploaded={() => {
          setUploading(false);
          toast({ icon: "success", content: "上传成功" });
          void refetch().catch((e: unknown) => toast({ icon: "fail", content: errorMessage(e) }));
        }}
      />
    </div>
  );
}
