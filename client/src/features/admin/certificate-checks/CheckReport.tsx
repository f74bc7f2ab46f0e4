import { Alert, Space } from "antd";
import { formatDateTime } from "../../../shared/format";
import { STATUS_LABELS } from "./labels";
import { Descriptions } from "../common/Descriptions";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";
import styles from "./checks.module.css";

/** The report a check stores (@gryx/apple CertificateReport, dates as ISO strings). */
export interface Report {
  status: string;
  reason: string | null;
  checks: { name: string; label: string; outcome: "pass" | "fail" | "warn" | "skip"; message: string }[];
  ocsp: {
    status: string;
    error: string | null;
    detail: string | null;
    responderUrl: string | null;
    revokedAt: string | null;
    revocationReason: string | null;
    thisUpdate: string | null;
    nextUpdate: string | null;
    producedAt: string | null;
    signedBy: string | null;
    cached: boolean;
  };
  certificate: {
    subject: string;
    commonName: string;
    teamId: string;
    serial: string;
    notBefore: string;
    notAfter: string;
  };
  profile: {
    name: string;
    teamId: string;
    expirationDate: string;
    provisionsAllDevices: boolean;
    deviceCount: number;
  } | null;
  checkedAt: string;
}

const OUTCOME: Record<string, { text: string; color: string }> = {
  pass: { text: "通过", color: "success" },
  fail: { text: "未通过", color: "error" },
  warn: { text: "注意", color: "warning" },
  skip: { text: "跳过", color: "default" },
};

const when = (v: string | null | undefined) => (v ? formatDateTime(v) : "-");

/** The full report of one check: the verdict, every check with its outcome, the OCSP answer, certificate and profile. */
export function CheckReport({ report }: { report: Report }) {
  const s = STATUS_LABELS[report.status] ?? { text: report.status, color: "default" };
  const o = report.ocsp;
  return (
    <Space direction="vertical" size={12} style={{ width: "100%" }} data-testid="check-report">
      <Space wrap>
        <Text strong>检测结果</Text>
        <Tag color={s.color} data-testid="report-status">
          {s.text}
        </Tag>
        <Text type="secondary">{when(report.checkedAt)}</Text>
      </Space>
      {report.reason && (
        <Alert type={report.status === "revoked" ? "error" : "warning"} showIcon title={report.reason} />
      )}
      <ul className={styles.checks}>
        {report.checks.map((c) => (
          <li key={c.name} className={styles.check}>
            <div className={styles.checkTitle}>
              <Space wrap>
                {c.label}
                <Tag color={OUTCOME[c.outcome]?.color}>{OUTCOME[c.outcome]?.text ?? c.outcome}</Tag>
              </Space>
            </div>
            <div className={styles.checkText}>{c.message}</div>
          </li>
        ))}
      </ul>
      <Descriptions
        bordered
        title="OCSP"
        items={[
          { label: "服务地址", children: o.responderUrl ?? "-" },
          { label: "应答", children: `${o.status}${o.cached ? "（缓存）" : ""}` },
          !!o.error && { label: "错误", children: `${o.error}${o.detail ? `（${o.detail}）` : ""}` },
          !!o.revokedAt && { label: "吊销时间", children: when(o.revokedAt) },
          !!o.revocationReason && { label: "吊销原因", children: o.revocationReason },
          {
            label: "签名",
            children: o.signedBy === "issuer" ? "签发者" : o.signedBy === "delegated" ? "授权应答证书" : "-",
          },
          { label: "本次更新", children: when(o.thisUpdate) },
          { label: "下次更新", children: when(o.nextUpdate) },
        ]}
      />
      <Descriptions
        bordered
        title="证书"
        items={[
          { label: "名称", children: report.certificate.commonName },
          { label: "团队ID", children: report.certificate.teamId || "-" },
          {
            label: "序列号",
            children: (
              <Text copyable style={{ wordBreak: "break-all" }}>
                {report.certificate.serial}
              </Text>
            ),
          },
          {
            label: "有效期",
            children: `${when(report.certificate.notBefore)} 至 ${when(report.certificate.notAfter)}`,
          },
        ]}
      />
      {report.profile && (
        <Descriptions
          bordered
          title="描述文件"
          items={[
            { label: "名称", children: report.profile.name },
            { label: "团队ID", children: report.profile.teamId },
            { label: "过期时间", children: when(report.profile.expirationDate) },
            {
              label: "设备",
              children: report.profile.provisionsAllDevices ? "所有设备" : `${report.profile.deviceCount} 台`,
            },
          ]}
        />
      )}
    </Space>
  );
}
