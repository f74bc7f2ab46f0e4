import { Alert, Descriptions, List, Space } from "antd";
import { formatDateTime } from "../../../shared/format";
import { STATUS_LABELS } from "./labels";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

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
      <List
        size="small"
        bordered
        dataSource={report.checks}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Space wrap>
                  {c.label}
                  <Tag color={OUTCOME[c.outcome]?.color}>{OUTCOME[c.outcome]?.text ?? c.outcome}</Tag>
                </Space>
              }
              description={c.message}
            />
          </List.Item>
        )}
      />
      <Descriptions size="small" bordered column={1} title="OCSP">
        <Descriptions.Item label="服务地址">{o.responderUrl ?? "-"}</Descriptions.Item>
        <Descriptions.Item label="应答">
          {o.status}
          {o.cached ? "（缓存）" : ""}
        </Descriptions.Item>
        {o.error && (
          <Descriptions.Item label="错误">{`${o.error}${o.detail ? `（${o.detail}）` : ""}`}</Descriptions.Item>
        )}
        {o.revokedAt && <Descriptions.Item label="吊销时间">{when(o.revokedAt)}</Descriptions.Item>}
        {o.revocationReason && <Descriptions.Item label="吊销原因">{o.revocationReason}</Descriptions.Item>}
        <Descriptions.Item label="签名">
          {o.signedBy === "issuer" ? "签发者" : o.signedBy === "delegated" ? "授权应答证书" : "-"}
        </Descriptions.Item>
        <Descriptions.Item label="本次更新">{when(o.thisUpdate)}</Descriptions.Item>
        <Descriptions.Item label="下次更新">{when(o.nextUpdate)}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" bordered column={1} title="证书">
        <Descriptions.Item label="名称">{report.certificate.commonName}</Descriptions.Item>
        <Descriptions.Item label="团队ID">{report.certificate.teamId || "-"}</Descriptions.Item>
        <Descriptions.Item label="序列号">
          <Text copyable style={{ wordBreak: "break-all" }}>
            {report.certificate.serial}
          </Text>
        </Descriptions.Item>
        <Descriptions.Item label="有效期">{`${when(report.certificate.notBefore)} 至 ${when(report.certificate.notAfter)}`}</Descriptions.Item>
      </Descriptions>
      {report.profile && (
        <Descriptions size="small" bordered column={1} title="描述文件">
          <Descriptions.Item label="名称">{report.profile.name}</Descriptions.Item>
          <Descriptions.Item label="团队ID">{report.profile.teamId}</Descriptions.Item>
          <Descriptions.Item label="过期时间">{when(report.profile.expirationDate)}</Descriptions.Item>
          <Descriptions.Item label="设备">
            {report.profile.provisionsAllDevices ? "所有设备" : `${report.profile.deviceCount} 台`}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}
