import { useState, type ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Skeleton } from "antd-mobile";
import { confirmDialog } from "../shared/ui/confirm";
import { downloadCertificateZip } from "../features/certificates/api";
import { CERT_TYPE_LABELS, PROFILE_TYPE_LABELS, devicesLabel } from "../features/certificates/labels";
import {
  CertificateDetailQuery,
  DeleteCertificateMutation,
  MyCertificatesQuery,
} from "../features/certificates/operations";
import { CertificateStatusTag } from "../features/certificates/StatusTag";
import { useRecheck } from "../features/certificates/useRecheck";
import { usePageTitle } from "../features/site/useSiteInfo";
import { toast } from "../features/site/toast";
import { formatDateTime } from "../shared/format";
import { errorCode, errorMessage } from "../shared/graphqlError";
import { NotFound } from "../shared/ui/NotFound";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";
import styles from "../features/certificates/certificates.module.css";
import "../shared/ui/antdMobileRender";

function Row({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={mono ? styles.mono : undefined}>{children}</dd>
    </div>
  );
}

/** /certificate/:id: every parsed field of one of the user's certificates, its zip, and delete. */
export default function CertificateDetailPage() {
  usePageTitle("证书详情");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(CertificateDetailQuery, {
    variables: { id },
    fetchPolicy: "cache-and-network",
  });
  const [remove] = useMutation(DeleteCertificateMutation, { refetchQueries: [MyCertificatesQuery] });
  const [downloading, setDownloading] = useState(false);
  const cert = data?.certificate;
  const card = cert;
  const myDevices = data?.myDevices ?? [];
  const inProfile = new Set(cert?.devices.map((d) => d.toUpperCase()));
  const mine = new Map(myDevices.map((d) => [d.udid.toUpperCase(), d.modelName || d.product]));
  const myCovered = cert ? myDevices.filter((d) => cert.allDevices || inProfile.has(d.udid.toUpperCase())) : [];
  const { recheck, checking } = useRecheck(() => void refetch().catch(() => undefined));

  if (error && errorCode(error) === "CERT_NOT_FOUND")
    return <NotFound homePath="/management" homeLabel="返回证书管理" />;

  const download = () => {
    setDownloading(true);
    downloadCertificateZip(`/api/certificates/download/${encodeURIComponent(id)}?type=zip`, `certificate-${id}.zip`)
      .catch((e: unknown) => toast({ icon: "fail", content: e instanceof Error ? e.message : "下载失败" }))
      .finally(() => setDownloading(false));
  };
  const confirmDelete = async () => {
    const ok = await confirmDialog({
      title: "删除证书",
      content: "删除后无法恢复，确定删除该证书吗？",
      cancelText: "取消",
      confirmText: "删除",
    });
    if (!ok) return;
    try {
      await remove({ variables: { id } });
      toast({ icon: "success", content: "已删除" });
      void navigate("/management", { replace: true });
    } catch (e) {
      toast({ icon: "fail", content: errorMessage(e) });
    }
  };

  return (
    <div>
      <SubPageTopBar title="证书详情" />
      <div className={styles.page}>
        {error && <p className={styles.error}>{errorMessage(error)}</p>}
        {!cert && loading && (
          <section className={styles.card}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={8} animated />
          </section>
        )}
        {cert && card && (
          <>
            <section className={styles.card} aria-labelledby="cert-name">
              <div className={styles.head}>
                <h1 id="cert-name" className={styles.title}>
                  {card.name}
                </h1>
                <CertificateStatusTag status={card.status} />
              </div>
              <p className={styles.hint}>
                {card.checkedAt ? `上次检测：${formatDateTime(card.checkedAt)}` : "尚未检测"}
                {card.statusReason ? `（${card.statusReason}）` : ""}
                {card.status === "revoked" ? "。已吊销的证书不能用于签名。" : ""}
              </p>
              <div className={styles.actions}>
                <Button color="primary" size="large" loading={downloading} onClick={download}>
                  下载证书
                </Button>
                <Button color="danger" fill="outline" size="large" onClick={() => void confirmDelete()}>
                  删除
                </Button>
              </div>
              <div className={styles.actions}>
                <Button
                  color="primary"
                  fill="outline"
                  size="large"
                  loading={checking.has(card.id)}
                  onClick={() => void recheck(card.id)}
                >
                  重新检测
                </Button>
              </div>
            </section>
            <section className={styles.card} aria-labelledby="cert-info">
              <h2 id="cert-info" className={styles.sectionTitle}>
                证书信息
              </h2>
              <dl className={styles.rows} data-testid="certificate-fields">
                <Row label="证书名称">{card.commonName}</Row>
                <Row label="类型">{CERT_TYPE_LABELS[card.certType] ?? card.certType}</Row>
                <Row label="团队 ID">{card.teamId}</Row>
                <Row label="团队名称">{card.teamName || "—"}</Row>
                <Row label="序列号" mono>
                  {cert.serialNumber}
                </Row>
                <Row label="SHA-1" mono>
                  {cert.sha1}
                </Row>
                <Row label="生效时间">{formatDateTime(cert.notBefore)}</Row>
                <Row label="过期时间">{formatDateTime(cert.notAfter)}</Row>
              </dl>
            </section>
            <section className={styles.card} aria-labelledby="profile-info">
              <h2 id="profile-info" className={styles.sectionTitle}>
                描述文件
              </h2>
              <dl className={styles.rows}>
                <Row label="名称">{card.profileName}</Row>
                <Row label="App ID">{cert.appId}</Row>
                <Row label="类型">{PROFILE_TYPE_LABELS[card.profileType] ?? card.profileType}</Row>
                <Row label="UUID" mono>
                  {cert.profileUuid}
                </Row>
                <Row label="创建时间">{formatDateTime(cert.profileCreatedAt)}</Row>
                <Row label="过期时间">{formatDateTime(cert.profileExpiresAt)}</Row>
                <Row label="设备">{devicesLabel(card)}</Row>
                <Row label="我的设备">
                  <span data-testid="my-devices-covered">
                    {myDevices.length === 0
                      ? "尚未绑定设备"
                      : myCovered.length === myDevices.length
                        ? `已包含（${myCovered.length}/${myDevices.length}）`
                        : `包含 ${myCovered.length}/${myDevices.length} 台`}
                  </span>
                </Row>
              </dl>
            </section>
            {!card.allDevices && cert.devices.length > 0 && (
              <section className={styles.card} aria-labelledby="devices-title">
                <h2 id="devices-title" className={styles.sectionTitle}>
                  设备列表（{cert.devices.length}）
                </h2>
                <ul className={styles.devices} data-testid="profile-devices">
                  {cert.devices.map((udid) => (
                    <li key={udid} className={styles.mono}>
                      <span>{udid}</span>
                      {mine.has(udid.toUpperCase()) && (
                        <span className={styles.mine}>我的设备 · {mine.get(udid.toUpperCase())}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className={styles.card} aria-labelledby="ent-title">
              <h2 id="ent-title" className={styles.sectionTitle}>
                权限（Entitlements）
              </h2>
              <dl className={styles.rows}>
                {Object.entries(cert.entitlements as Record<string, unknown>).map(([k, v]) => (
                  <Row key={k} label={k} mono>
                    {typeof v === "string" ? v : JSON.stringify(v)}
                  </Row>
                ))}
              </dl>
            </section>
          </>
        )}
      </div>
    </div>
  );
}
