import { Alert, Button, Col, Form, InputNumber, Radio, Row } from "antd";
import { useMutation, useQuery } from "@apollo/client/react";
import { useAdminAction } from "../common/useAdminAction";
import { AdminSigningSettingsQuery, UpdateSigningSettingsMutation } from "./operations";
import { SettingsSection } from "./SettingsSection";
import { SETTINGS_TEXTS } from "./texts";

interface Values {
  chargeMode: string;
  fee: number;
  artifactHours: number;
  downloadsPerTask: number;
  dailyLimit: number;
  maxUploadMb: number;
}

/** What each charge mode means to a user, as the signing page will charge it. */
const MODES = [
  { value: "free", label: "免费", help: "所有签名都不收费。" },
  { value: "fee", label: "按次收费", help: "每次签名从用户余额扣除签名费用，失败或取消的任务自动退回。" },
  {
    value: "certificate",
    label: "证书内含",
    help: "用自己的证书（上传或在商城购买的）签名免费；临时证书与演示证书按次收费。",
  },
];

/** Whole numbers from `min` to `max`: the server's range, its wording. */
const whole = (label: string, min: number, max: number) => ({
  validator: (_: unknown, v?: number | null) =>
    v === undefined || v === null || !Number.isInteger(v) || v < min || v > max
      ? Promise.reject(new Error(`${label}须为${min}到${max}之间的整数`))
      : Promise.resolve(),
});

const NUMBERS: { name: keyof Values; label: string; unit: string; min: number; max: number; extra?: string }[] = [
  {
    name: "artifactHours",
    label: "签名包保留时长",
    unit: "小时",
    min: 1,
    max: 24 * 90,
    extra: "到期后签名后的 IPA 与上传的文件自动删除",
  },
  {
    name: "downloadsPerTask",
    label: "每个任务的下载次数",
    unit: "次",
    min: 1,
    max: 1000,
    extra: "可在签名管理中为单个任务增加",
  },
  { name: "dailyLimit", label: "每人每日签名次数", unit: "次", min: 0, max: 10000, extra: "0 为不限" },
  { name: "maxUploadMb", label: "上传 IPA 大小上限", unit: "MB", min: 1, max: 8192 },
];

/** 签名设置: how signings are charged (free, a fee each, included with one's own certificate), artifact lifetime, quotas. */
export function SigningSettingsForm() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminSigningSettingsQuery, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [save, { loading: saving }] = useMutation(UpdateSigningSettingsMutation);
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch("chargeMode", form);
  const s = data?.signingSettings;

  return (
    <SettingsSection
      loading={loading && !data}
      error={error}
      failedText={SETTINGS_TEXTS.signingLoad}
      onRetry={() => void refetch()}
    >
      {s && (
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 720 }}
          initialValues={{
            chargeMode: s.chargeMode,
            fee: s.feeFen / 100,
            artifactHours: s.artifactHours,
            downloadsPerTask: s.downloadsPerTask,
            dailyLimit: s.dailyLimit,
            maxUploadMb: s.maxUploadMb,
          }}
          onFinish={(v) => act(() => save({ variables: { input: v } }), "签名设置已保存", SETTINGS_TEXTS.signingSave)}
        >
          <Form.Item
            name="chargeMode"
            label="收费方式"
            rules={[{ required: true, message: "请选择收费方式" }]}
            extra={MODES.find((m) => m.value === mode)?.help}
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={MODES.map(({ value, label }) => ({ value, label }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="fee"
                label="签名费用"
                dependencies={["chargeMode"]}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v?: number | null) => {
                      if (v === undefined || v === null || v < 0) return Promise.reject(new Error("请填写签名费用"));
                      if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6)
                        return Promise.reject(new Error("签名费用最多保留两位小数"));
                      if (getFieldValue("chargeMode") !== "free" && v <= 0)
                        return Promise.reject(new Error("收费签名须设置大于0的签名费用"));
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <InputNumber min={0} step={0.01} suffix="元/次" style={{ width: "100%" }} disabled={mode === "free"} />
              </Form.Item>
            </Col>
            {NUMBERS.map((f) => (
              <Col xs={24} sm={12} key={f.name}>
                <Form.Item name={f.name} label={f.label} rules={[whole(f.label, f.min, f.max)]} extra={f.extra}>
                  <InputNumber
                    min={f.min}
                    max={f.max}
                    step={1}
                    precision={0}
                    suffix={f.unit}
                    style={{ width: "100%" }}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          {mode !== "free" && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="余额不足的用户在提交时即被拒绝，任务不会排队，也不会扣费。"
            />
          )}
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form>
      )}
    </SettingsSection>
  );
}
