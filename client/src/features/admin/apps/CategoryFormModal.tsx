import { Form, Input, InputNumber, Modal } from "antd";
import { useMutation } from "@apollo/client/react";
import { maxLength, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { CreateCategoryMutation, UpdateCategoryMutation } from "./operations";
import type { AdminCategoryFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  displayName: string;
  weigh: number | null;
}

/** 新建 / 编辑分类 (mounted while open). */
export function CategoryFormModal({ category, onClose, onSaved }: { category: AdminCategoryFieldsFragment | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const act = useAdminAction();
  const [create, { loading: creating }] = useMutation(CreateCategoryMutation);
  const [update, { loading: updating }] = useMutation(UpdateCategoryMutation);
  const initial: Values = category ? { name: category.name, displayName: category.displayName, weigh: category.weigh } : { name: "", displayName: "", weigh: null };

  async function submit(v: Values) {
    const input = { name: v.name.trim(), displayName: v.displayName.trim() || v.name.trim(), weigh: v.weigh ?? null };
    const ok = await act(
      () => (category ? update({ variables: { id: category.id, input } }) : create({ variables: { input } })),
      category ? "分类已更新" : "分类已创建",
    );
    if (ok) onSaved();
  }

  return (
    <Modal
      title={category ? "编辑分类" : "新建分类"}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={creating || updating}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item name="name" label="名称" extra="唯一标识，首页接口 ?category_id= 使用它" rules={[required("名称"), maxLength("名称", 100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="displayName" label="显示名称" extra="首页分类栏显示的文字，留空则同名称" rules={[maxLength("显示名称", 100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="weigh" label="权重" extra="数字大的排在前面；留空则排在最后">
          <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
