import { Col, Form, Input, InputNumber, Switch } from "antd";
import { IPA_RULE } from "../../../shared/upload";
import { FileUploadField } from "./FileUploadField";
import type { StagedIpa } from "./ipa";
import { bundleIdRule, maxLength, moneyRule } from "./rules";

/** Form fields the admin dialogs share (mostly the catalogue ones: 应用, 动态库, 资源分享); fields only one dialog has stay there. */

/** The IPA upload that fills the form (the caller prefills from what it answers). */
export function IpaUploadItem({
  endpoint,
  extra,
  storedSize,
  onUploaded,
}: {
  endpoint: string;
  extra: string;
  storedSize: number | null;
  onUploaded: (ipa: StagedIpa) => void;
}) {
  return (
    <Form.Item label="安装包（IPA）" extra={extra}>
      <FileUploadField<StagedIpa>
        endpoint={endpoint}
        field="ipa"
        rule={IPA_RULE}
        buttonText="上传 IPA"
        stored={storedSize === null ? null : { what: "安装包", size: storedSize }}
        onUploaded={onUploaded}
      />
    </Form.Item>
  );
}

/** 版本, half a row. */
export function VersionField({ placeholder }: { placeholder: string }) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item name="version" label="版本" rules={[maxLength("版本", 64)]}>
        <Input placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

/** Bundle ID, half a row. */
export function BundleIdField({ placeholder }: { placeholder: string }) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item name="bundleId" label="Bundle ID" rules={[maxLength("Bundle ID", 255), bundleIdRule]}>
        <Input placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

/** 资源费 and 流量费 in yuan, a quarter row each. */
export function FeeFields() {
  return (
    <>
      <Col xs={12} sm={6}>
        <Form.Item name="resourceFee" label="资源费（元）" rules={[moneyRule("资源费")]}>
          <InputNumber step={0.01} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="trafficFee" label="流量费（元）" rules={[moneyRule("流量费")]}>
          <InputNumber step={0.01} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
    </>
  );
}

/** The long description, up to 5000 characters. */
export function DescriptionField({ label = "描述" }: { label?: string }) {
  return (
    <Form.Item name="description" label={label} rules={[maxLength(label, 5000)]}>
      <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount maxLength={5000} />
    </Form.Item>
  );
}

/** A record's name (名称, 套餐名称…): required, at most 50 characters. */
export function NameField({ label = "名称", placeholder }: { label?: string; placeholder?: string }) {
  return (
    <Form.Item
      label={label}
      name="name"
      rules={[
        { required: true, message: `请输入${label}` },
        { max: 50, message: "最多50个字符" },
      ]}
    >
      <Input placeholder={placeholder} />
    </Form.Item>
  );
}

/** The isActive switch of a form: 上架, 启用 or 显示. */
export function ActiveField({ label }: { label: string }) {
  return (
    <Form.Item name="isActive" label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
