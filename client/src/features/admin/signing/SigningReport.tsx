import { Descriptions } from "antd";
import { formatDateTime, formatFileSize } from "../../../shared/format";
import { REPORT_LABELS } from "./labels";
import { Text } from "../common/Text";

const PROFILE_TYPES: Record<string, string> = {
  development: "开发",
  adhoc: "Ad Hoc",
  enterprise: "企业（In-House）",
  appstore: "App Store",
};

function value(key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "-";
  if (key === "inputSize" || key === "outputSize") return formatFileSize(Number(v));
  if (key === "signMs") return `${(Number(v) / 1000).toFixed(2)} 秒`;
  if (key === "certificateExpiry" || key === "profileExpiry") return formatDateTime(String(v));
  if (key === "profileType") return PROFILE_TYPES[String(v)] ?? String(v);
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** The signer's report of a done task: its known fields labelled, anything else it wrote as it is. */
export function SigningReport({ report }: { report: Record<string, unknown> }) {
  const known = new Set(REPORT_LABELS.map(([k]) => k));
  const rest = Object.entries(report).filter(([k]) => !known.has(k));
  return (
    <Descriptions title="签名报告" column={1} size="small" bordered data-testid="signing-report">
      {REPORT_LABELS.filter(([k]) => k in report).map(([k, label]) => (
        <Descriptions.Item key={k} label={label}>
          <Text style={{ wordBreak: "break-all" }}>{value(k, report[k])}</Text>
        </Descriptions.Item>
      ))}
      {rest.map(([k, v]) => (
        <Descriptions.Item key={k} label={k}>
          <Text style={{ wordBreak: "break-all" }}>{value(k, v)}</Text>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
