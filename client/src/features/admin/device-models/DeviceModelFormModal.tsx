import { Form, Input } from "antd";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { maxLength, required } from "../common/rules";
import type { DeviceModelFieldsFragment } from "../../../gql/graphql";
import { CreateDeviceModelMutation, UpdateDeviceModelMutation } from "../devices/operations";

interface Values {
  product: string;
  name: string;
}

/** Apple's model identifier as devices report it: letters, then major,minor (iPhone15,2). */
const PRODUCT_PATTERN = /^[A-Za-z]{2,16}\d{1,3},\d{1,3}$/;

/** 添加 / 编辑设备型号 (mounted while open). */
export function DeviceModelFormModal({
  model,
  onClose,
  onSaved,
}: {
  model: DeviceModelFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { save, saving } = useSaveRecord(
    CreateDeviceModelMutation,
    UpdateDeviceModelMutation,
    model?.id,
    { created: "设备型号已添加", updated: "设备型号已更新" },
    onSaved,
  );
  const initial: Values = model ? { product: model.product, name: model.name } : { product: "", name: "" };
  return (
    <FormModal
      title={model ? "编辑设备型号" : "添加设备型号"}
      initialValues={initial}
      onFinish={(v) => save({ product: v.product.trim(), name: v.name.trim() })}
      loading={saving}
      onClose={onClose}
    >
      <Form.Item
        name="product"
        label="型号标识（PRODUCT）"
        rules={[required("型号标识"), { pattern: PRODUCT_PATTERN, message: "格式如 iPhone15,2 或 iPad14,3" }]}
        extra="设备上报的 PRODUCT，例如 iPhone15,2"
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="name"
        label="型号名称"
        rules={[required("型号名称"), maxLength("型号名称", 64)]}
        extra="展示给用户的名称，例如 iPhone 14 Pro"
      >
        <Input maxLength={64} />
      </Form.Item>
    </FormModal>
  );
}
