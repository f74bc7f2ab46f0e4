import { Form, Input, InputNumber, Select } from "antd";
import { ActiveField } from "../common/formFields";
import { maxLength, required } from "../common/rules";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { CreatePaymentMethodMutation, UpdatePaymentMethodMutation } from "./operations";
import { CHANNEL_LABELS } from "./labels";
import type { AdminPaymentMethodFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  channel: string;
  gatewayUrl: string;
  pid: string;
  key: string;
  minAmount: number;
  maxAmount: number;
  isActive: boolean;
}

/** 新建 / 编辑支付方式 (mounted while open). The merchant key is write-only: left empty on edit, the stored one stays. */
export function PaymentMethodFormModal({
  method,
  onClose,
  onSaved,
}: {
  method: AdminPaymentMethodFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { save, saving } = useSaveRecord(
    CreatePaymentMethodMutation,
    UpdatePaymentMethodMutation,
    method?.id,
    { created: "支付方式已添加", updated: "支付方式已更新" },
    onSaved,
  );
  const initial: Values = method
    ? {
        name: method.name,
        channel: method.channel,
        gatewayUrl: method.gatewayUrl,
        pid: method.pid,
        key: "",
        minAmount: method.minAmount,
        maxAmount: method.maxAmount,
        isActive: method.enabled,
      }
    : { name: "", channel: "alipay", gatewayUrl: "", pid: "", key: "", minAmount: 1, maxAmount: 5000, isActive: true };

  function submit(v: Values) {
    return save({
      name: v.name.trim(),
      channel: v.channel,
      gatewayUrl: v.gatewayUrl.trim(),
      pid: v.pid.trim(),
      ...(v.key.trim() ? { key: v.key.trim() } : {}),
      minAmount: v.minAmount,
      maxAmount: v.maxAmount,
      enabled: v.isActive,
    });
  }

  return (
    <FormModal
      title={method ? "编辑支付方式" : "添加支付方式"}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
      <Form.Item name="name" label="显示名称" rules={[required("显示名称"), maxLength("显示名称", 50)]}>
        <Input maxLength={50} placeholder="如：支付宝" />
      </Form.Item>
      <Form.Item name="channel" label="支付渠道" rules={[{ required: true, message: "请选择支付渠道" }]}>
        <Select
          options={Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label: `${label}（${value}）` }))}
        />
      </Form.Item>
      <Form.Item
        name="gatewayUrl"
        label="网关地址"
        rules={[required("网关地址"), { type: "url", message: "网关地址须为 http(s) 地址" }]}
        extra="易支付网关根地址，如 https://pay.example.com/"
      >
        <Input maxLength={500} inputMode="url" />
      </Form.Item>
      <Form.Item name="pid" label="商户号（pid）" rules={[required("商户号"), maxLength("商户号", 64)]}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="key"
        label="商户密钥"
        rules={method ? [] : [required("商户密钥")]}
        extra={method ? "密钥加密保存且不会显示；留空则保留原密钥" : "密钥加密保存，保存后不再显示"}
      >
        <Input.Password maxLength={256} autoComplete="new-password" placeholder={method ? "留空则不修改" : ""} />
      </Form.Item>
      <Form.Item name="minAmount" label="最低金额（元）" rules={[{ required: true, message: "请填写最低金额" }]}>
        <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="maxAmount"
        label="最高金额（元）"
        dependencies={["minAmount"]}
        rules={[
          { required: true, message: "请填写最高金额" },
          ({ getFieldValue }) => ({
            validator: (_, v: number) =>
              v >= getFieldValue("minAmount")
                ? Promise.resolve()
                : Promise.reject(new Error("最高金额不能低于最低金额")),
          }),
        ]}
      >
        <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: 160 }} />
      </Form.Item>
      <ActiveField label="启用" />
    </FormModal>
  );
}
