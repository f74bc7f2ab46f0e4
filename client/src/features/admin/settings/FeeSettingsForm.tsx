import { Button, Col, Form, InputNumber, Row, Select } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import { useAdminAction } from "../common/useAdminAction";
import { AdminFeeSettingsQuery, UpdateFeeSettingsMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { TrafficFeeExample } from "./TrafficFeeExample";
import { SETTINGS_TEXTS } from "./texts";
import type { FormRule } from "antd";

interface Values {
  resourceFee: number;
  flowFee: number;
  flowFeeThresholdMB: number;
  flowFeeBase: number;
  flowFeeRatePerGB: number;
  flowFeeRounding: string;
  flowFeeMinMB: number;
  flowFeeMinAmount: number;
}

const ROUNDING_OPTIONS = [
  { value: "round", label: "四舍五入（round）" },
  { value: "ceil", label: "向上取整（ceil）" },
  { value: "floor", label: "向下取整（floor）" },
];

/** A number >= 0 with at most 2 decimals, at most `max`: the server's checks, same wording. */
const amount = (label: string, max: number): FormRule => ({
  validator: (_, value?: number | null) => {
    if (value === undefined || value === null) return Promise.reject(new Error(`请填写${label}`));
    if (value < 0) return Promise.reject(new Error(`${label}不能为负数`));
    if (value > max) return Promise.reject(new Error(`${label}不能超过${max}`));
    if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
      return Promise.reject(new Error(`${label}最多保留两位小数`));
    return Promise.resolve();
  },
});

const MONEY_MAX = 1_000_000;
const SIZE_MAX = 1_048_576;

const FIELDS: { name: keyof Values; label: string; unit: string; max: number }[] = [
  { name: "resourceFee", label: "资源费", unit: "元", max: MONEY_MAX },
  { name: "flowFee", label: "流量费", unit: "元", max: MONEY_MAX },
  { name: "flowFeeThresholdMB", label: "流量费起算阈值（MB）", unit: "MB", max: SIZE_MAX },
  { name: "flowFeeBase", label: "流量费基础金额", unit: "元", max: MONEY_MAX },
  { name: "flowFeeRatePerGB", label: "每GB流量费", unit: "元/GB", max: MONEY_MAX },
  { name: "flowFeeMinMB", label: "流量费最小计费量（MB）", unit: "MB", max: SIZE_MAX },
  { name: "flowFeeMinAmount", label: "流量费最低金额", unit: "元", max: MONEY_MAX },
];

/** 费用设置: the fee constants, all >= 0, and the rounding of the traffic fee. */
export function FeeSettingsForm() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminFeeSettingsQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [save, { loading: saving }] = useMutation(UpdateFeeSettingsMutation);

  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.feesLoad}
      onRetry={() => void refetch()}
    >
      {data && (
        <Form<Values>
          layout="vertical"
          initialValues={data.feeSettings}
          style={{ maxWidth: 720 }}
          onFinish={(v) => act(() => save({ variables: { input: v } }), "费用设置已保存", SETTINGS_TEXTS.feesSave)}
        >
          <Row gutter={16}>
            {FIELDS.map((f) => (
              <Col xs={24} sm={12} key={f.name}>
                <Form.Item name={f.name} label={f.label} rules={[amount(f.label, f.max)]}>
                  <InputNumber step={f.unit === "MB" ? 1 : 0.01} suffix={f.unit} style={{ width: "100%" }} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} sm={12}>
              <Form.Item
                name="flowFeeRounding"
                label="流量费取整方式"
                rules={[{ required: true, message: "请选择取整方式" }]}
              >
                <Select options={ROUNDING_OPTIONS} />
              </Form.Item>
            </Col>
          </Row>
          <TrafficFeeExample />
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form>
      )}
    </SettingsSection>
  );
}
