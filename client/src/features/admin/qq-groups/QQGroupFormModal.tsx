import { Form, Input, InputNumber } from "antd";
import { ActiveField } from "../common/formFields";
import { QQ_NUMBER_PATTERN, maxLength, required } from "../common/rules";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { CreateQQGroupMutation, UpdateQQGroupMutation } from "./operations";
import type { AdminQqGroupFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  number: string;
  isActive: boolean;
  sortOrder: number;
}

/** 新建 / 编辑QQ群 (mounted while open). */
export function QQGroupFormModal({
  group,
  nextOrder,
  onClose,
  onSaved,
}: {
  group: AdminQqGroupFieldsFragment | null;
  nextOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { save, saving } = useSaveRecord(
    CreateQQGroupMutation,
    UpdateQQGroupMutation,
    group?.id,
    { created: "QQ群已添加", updated: "QQ群已更新" },
    onSaved,
  );
  const initial: Values = group
    ? { name: group.name, number: group.number, isActive: group.isActive, sortOrder: group.sortOrder }
    : { name: "", number: "", isActive: true, sortOrder: nextOrder };

  function submit(v: Values) {
    return save({ name: v.name.trim(), number: v.number.trim(), isActive: v.isActive, sortOrder: v.sortOrder });
  }

  return (
    <FormModal
      title={group ? "编辑QQ群" : "添加QQ群"}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
      <Form.Item name="name" label="群名称" rules={[required("群名称"), maxLength("群名称", 50)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="number"
        label="群号"
        rules={[
          { required: true, whitespace: true, message: "无效的群号" },
          { pattern: QQ_NUMBER_PATTERN, message: "无效的群号" },
        ]}
        extra="5–12 位数字"
      >
        <Input inputMode="numeric" maxLength={12} />
      </Form.Item>
      <Form.Item
        name="sortOrder"
        label="排序"
        tooltip="数字小的排在前面"
        rules={[{ required: true, message: "请填写排序" }]}
      >
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <ActiveField label="启用" />
    </FormModal>
  );
}
