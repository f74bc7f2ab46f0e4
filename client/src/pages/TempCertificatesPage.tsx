import { useState } from "react";
import { NextStepsEmpty } from "../shared/ui/NextStepsEmpty";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Selector } from "antd-mobile";
import { confirmDialog } from "../shared/ui/confirm";
import { downloadCertificateZip } from "../features/certificates/api";
import { CertificateItem, ListSkeleton } from "../features/certificates/CertificateList";
import {
  DeleteTempCertificateMutation,
  ImportTempCertificateMutation,
  MyTempCertificatesQuery,
} from "../features/certificates/operations";
import { STATUS_LABELS } from "../features/certificates/labels";
import { UploadSheet } from "../features/certificates/UploadSheet";
import { usePageTitle } from "../features/site/useSiteInfo";
import { toast } from "../features/site/toast";
import { formatDateTime } from "../shared/format";
import { errorMessage } from "../shared/graphqlError";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";
import styles from "../features/certificates/certificates.module.css";
import "../shared/ui/antdMobileRender";
import { BottomSheet } from "../shared/ui/BottomSheet";

const DAY_OPTIONS = [1, 3, 7, 15, 30].map((d) => ({ label: `${d}天`, value: d }));

/**
 * /temp-certificates (临时证书): certificates that live 1 to 30 days, uploaded here or imported from the user's own
 * certificates (or, once the mall exists, from a certificate order); download and delete; removed when their time is up.
 */
export default function TempCertificatesPage() {
  usePageTitle("临时证书");
  const { data, loading, error, refetch } = useQuery(MyTempCertificatesQuery, { fetchPolicy: "cache-and-network" });
  const [remove] = useMutation(DeleteTempCertificateMutation);
  const [importCert, { loading: importing }] = useMutation(ImportTempCertificateMutation);
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const [days, setDays] = useState(7);
  const list = data?.myTempCertificates;
  const reload = () => void refetch().catch((e: unknown) => toast({ icon: "fail", content: errorMessage(e) }));

  const confirmDelete = async (id: string) => {
    if (
      !(await confirmDialog({
        title: "删除临时证书",
        content: "确定删除该临时证书吗？",
        cancelText: "取消",
        confirmText: "删除",
      }))
    )
      return;
    try {
      await remove({ variables: { id } });
      toast({ icon: "success", content: "已删除" });
      reload();
    } catch (e) {
      toast({ icon: "fail", content: errorMessage(e) });
    }
  };
  const importFrom = async (certificateId: string) => {
    try {
      await importCert({ variables: { certificateId, days } });
      setPicking(false);
      toast({ icon: "success", content: "导入成功" });
      reload();
    } catch (e) {
      toast({ icon: "fail", content: errorMessage(e) });
    }
  };

  return (
    <div>
      <SubPageTopBar title="临时证书" />
      <div className={styles.page}>
        <section className={styles.card}>
          <p className={styles.hint} style={{ marginTop: 0 }}>
            临时证书在有效天数到期后自动删除。可以上传新的证书，或从「我的证书」中导入。
          </p>
          <div className={styles.actions}>
            <Button color="primary" size="large" onClick={() => setUploading(true)}>
              上传临时证书
            </Button>
            <Button size="large" onClick={() => setPicking(true)}>
              从我的证书导入
            </Button>
          </div>
        </section>
        <section className={styles.card} aria-labelledby="temp-list-title">
          <h2 id="temp-list-title" className={styles.sectionTitle}>
            我的临时证书
          </h2>
          {error && <p className={styles.error}>{errorMessage(error)}</p>}
          {!list && loading && <ListSkeleton />}
          {list && list.length === 0 && (
            <NextStepsEmpty
              testId="temp-certificates-empty"
              message="暂无临时证书。在上方上传，或从下方导入自己的证书和已发放的商城订单；还没有证书的话："
              steps={[
                { label: "去证书商城购买证书", to: "/certificate-mall", hint: "付款后可在这里一键导入" },
                { label: "用演示证书体验签名", to: "/signature", hint: "无需证书即可签名安装演示应用" },
                { label: "上传长期证书", to: "/management", hint: "在「证书管理」上传 .p12 与描述文件" },
              ]}
            />
          )}
          {list && list.length > 0 && (
            <ul className={styles.list} data-testid="temp-certificates">
              {list.map((c) => (
                <CertificateItem key={c.id} cert={c}>
                  <div className={styles.itemActions}>
                    <Button
                      size="middle"
                      onClick={() =>
                        void downloadCertificateZip(
                          `/api/temp-certificates/download/${c.id}?type=zip`,
                          `certificate-${c.id}.zip`,
                        ).catch((e: unknown) =>
                          toast({ icon: "fail", content: e instanceof Error ? e.message : "下载失败" }),
                        )
                      }
                    >
                      下载
                    </Button>
                    <Button size="middle" color="danger" fill="outline" onClick={() => void confirmDelete(c.id)}>
                      删除
                    </Button>
                  </div>
                </CertificateItem>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.card} aria-labelledby="orders-title">
          <h2 id="orders-title" className={styles.sectionTitle}>
            从订单导入
          </h2>
          {data && data.importableCertificateOrders.length === 0 && (
            <p className={styles.empty}>暂无可导入的证书订单</p>
          )}
          {data && data.importableCertificateOrders.length > 0 && (
            <ul className={styles.list}>
              {data.importableCertificateOrders.map((o) => (
                <li key={o.id} className={styles.item} data-testid="importable-order">
                  <div className={styles.itemTop}>
                    <span className={styles.itemName}>{o.name}</span>
                    <Button
                      size="middle"
                      color="primary"
                      fill="outline"
                      loading={importing}
                      onClick={() => void importFrom(o.certificateId)}
                    >
                      导入{days}天
                    </Button>
                  </div>
                  <p className={styles.hint}>订单 {o.orderNo}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <UploadSheet
        visible={uploading}
        title="上传临时证书"
        path="/api/temp-certificates/upload"
        temp
        onClose={() => setUploading(false)}
        onUploaded={() => {
          setUploading(false);
          toast({ icon: "success", content: "上传成功" });
          reload();
        }}
      />
      <BottomSheet visible={picking} onClose={() => setPicking(false)} destroyOnClose>
        <div className={styles.sheet} role="dialog" aria-label="从我的证书导入">
          <h2 className={styles.sheetTitle}>从我的证书导入</h2>
          <div className={styles.field}>
            <span className={styles.label}>有效天数</span>
            <Selector
              aria-label="有效天数"
              options={DAY_OPTIONS}
              value={[days]}
              onChange={(v) => v[0] && setDays(v[0])}
            />
          </div>
          {data && data.myCertificates.length === 0 && <p className={styles.empty}>暂无证书，请先在「证书管理」上传</p>}
          <ul className={styles.list}>
            {data?.myCertificates.map((c) => (
              <li key={c.id} className={styles.item}>
                <div className={styles.itemTop}>
                  <span className={styles.itemName}>{c.name}</span>
                  <Button
                    size="middle"
                    color="primary"
                    loading={importing}
                    disabled={c.status === "expired"}
                    onClick={() => void importFrom(c.id)}
                  >
                    导入
                  </Button>
                </div>
                <div className={styles.meta}>
                  <span>{STATUS_LABELS[c.status] ?? c.status}</span>
                  <span>到期：{formatDateTime(c.expiresAt)}</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </BottomSheet>
    </div>
  );
}
