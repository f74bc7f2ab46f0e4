import { useEffect, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Alert, Form, InputNumber, Space } from "antd";
import type { FeeSettingsInput } from "../../../gql/graphql";
import { TrafficFeeExampleQuery } from "./operations";
import { Text } from "../common/Text";

const FEE_FIELDS = [
  "flowFeeThresholdMB",
  "flowFeeBase",
  "flowFeeRatePerGB",
  "flowFeeRounding",
  "flowFeeMinMB",
  "flowFeeMinAmount",
] as const;

/** Waits until `value` has been still for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The traffic fee formula, next to a live example computed by the server's one formula (trafficFeeExample) over
 * the form's current, unsaved values.
 */
export function TrafficFeeExample() {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [sizeMB, setSizeMB] = useState<number>(2048);
  const fees: FeeSettingsInput = {};
  for (const k of FEE_FIELDS) {
    const v = values?.[k];
    if (v !== undefined && v !== null) (fees as Record<string, unknown>)[k] = v;
  }
  const vars = useSettled(JSON.stringify({ sizeMB, fees }), 300);
  const { data, error, previousData } = useQuery(TrafficFeeExampleQuery, {
    variables: JSON.parse(vars),
    fetchPolicy: "network-only",
  });
  const example = (data ?? previousData)?.trafficFeeExample;

  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title="流量费计算方式"
      description={
        <Space direction="vertical" size={4} data-testid="traffic-fee-formula">
          <Text>文件不超过「最小计费量」时免流量费；超过时，若资源单独设置了流量费则按该金额收取，否则：</Text>
          <Text code>流量费 = max(最低金额, 基础金额 + 取整(max(0, 文件大小 − 起算阈值) ÷ 1024 × 每GB流量费))</Text>
          <Text type="secondary">
            大小以 MB 计（1 GB = 1024 MB），取整到分；每次下载授权（10 分钟内有效）收取一次。
          </Text>
          <Space wrap>
            <span>示例：下载</span>
            <InputNumber
              aria-label="示例文件大小"
              min={0}
              max={1_048_576}
              value={sizeMB}
              onChange={(v) => setSizeMB(typeof v === "number" ? v : 0)}
              suffix="MB"
            />
            <span>
              流量费{" "}
              <Text strong data-testid="traffic-fee-example">
                {error ? "—" : example ? `¥${example.fee.toFixed(2)}` : "…"}
              </Text>
              {example?.rule === "free" && !error ? "（免流量费）" : ""}
            </span>
          </Space>
        </Space>
      }
    />
  );
}
