import { Form, Input, InputNumber, Modal, Switch } from "antd";
import { useMutation } from "@apollo/client/react";
import { QQ_NUMBER_PATTERN, maxLength, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { CreateQQGroupMutation, UpdateQQGroupMutation } from "./operations";
import type { AdminQqGroupFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  number: string;
  isActive: boolean;
  sortOrder: number;
}

/** 新建 / 编辑QQ群 (mounted while open). */
export function QQGroupFormModal({ group, nextOrder, onClose, onSaved }: { group: AdminQqGroupFieldsFragment | null; nextOrder: number; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const act = useAdminAction();
  const [create, { loading: creating }] = useMutation(CreateQQGroupMutation);
  const [update, { loading: updating }] = useMutation(UpdateQQGroupMutation);
  const initial: Values = group
    ? { name: group.name, number: group.number, isActive: group.isActive, sortOrder: group.sortOrder }
    : { name: "", number: "", isActive: true, sortOrder: nextOrder };

  async function submit(v: Values) {
    const input = { name: v.name.trim(), number: v.number.trim(), isActive: v.isActive, sortOrder: v.sortOrder };
    const ok = await act(
      () => (group ? update({ variables: { id: group.id, input } }) : create({ variables: { input } })),
      group ? "QQ群已更新" : "QQ群已添加",
    );
    if (ok) onSaved();
  }

  return (
    <Modal
      title={group ? "编辑QQ群" : "添加QQ群"}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={creating || updating}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item name="name" label="群名称" rules={[required("群名称"), maxLength("群名称", 50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="number"
          label="群号"
          rules={[{ required: true, whitespace: true, message: "无效的群号" }, { pattern: QQ_NUMBER_PATTERN, message: "无效的群号" }]}
          extra="5–12 位数字"
        >
          <Input inputMode="numeric" maxLength={12} />
        </Form.Item>
        <Form.Item name="sortOrder" label="排序" tooltip="数字小的排在前面" rules={[{ required: true, message: "请填写排序" }]}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="isActive" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
