import { useEffect, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Alert, Space } from "antd";
import type { FeeSettingsInput } from "../../../gql/graphql";
import { NumberInput } from "../common/fields";
import { TrafficFeeExampleQuery } from "./operations";
import { Text } from "../common/Text";
import type { FeeValues } from "./FeeSettingsForm";

const FEE_FIELDS = [
  "flowFeeThresholdMB",
  "flowFeeBase",
  "flowFeeRatePerGB",
  "flowFeeRounding",
  "flowFeeMinMB",
  "flowFeeMinAmount",
] as const;

const SIZE_MAX = 1_048_576;

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
 * the form's current, unsaved values (those that are numbers).
 */
export function TrafficFeeExample({ values }: { values: FeeValues }) {
  const [size, setSize] = useState<number | null>(2048);
  const sizeMB = size === null || Number.isNaN(size) ? 0 : Math.min(Math.max(size, 0), SIZE_MAX);
  const fees: FeeSettingsInput = {};
  for (const k of FEE_FIELDS) {
    const v = values[k];
    if (v !== null && !Number.isNaN(v)) (fees as Record<string, unknown>)[k] = v;
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
            <NumberInput
              aria-label="示例文件大小"
              value={size}
              onChange={setSize}
              onBlur={() => setSize(sizeMB)}
              suffix="MB"
              style={{ width: 160 }}
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
