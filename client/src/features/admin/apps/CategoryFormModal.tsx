import { Form, Input, InputNumber } from "antd";
import { maxLength, required } from "../common/rules";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { CreateCategoryMutation, UpdateCategoryMutation } from "./operations";
import type { AdminCategoryFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  displayName: string;
  weigh: number | null;
}

/** 新建 / 编辑分类 (mounted while open). */
export function CategoryFormModal({
  category,
  onClose,
  onSaved,
}: {
  category: AdminCategoryFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { save, saving } = useSaveRecord(
    CreateCategoryMutation,
    UpdateCategoryMutation,
    category?.id,
    { created: "分类已创建", updated: "分类已更新" },
    onSaved,
  );
  const initial: Values = category
    ? { name: category.name, displayName: category.displayName, weigh: category.weigh }
    : { name: "", displayName: "", weigh: null };

  function submit(v: Values) {
    return save({ name: v.name.trim(), displayName: v.displayName.trim() || v.name.trim(), weigh: v.weigh ?? null });
  }

  return (
    <FormModal
      title={category ? "编辑分类" : "新建分类"}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="名称"
        extra="唯一标识，首页接口 ?category_id= 使用它"
        rules={[required("名称"), maxLength("名称", 100)]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="displayName"
        label="显示名称"
        extra="首页分类栏显示的文字，留空则同名称"
        rules={[maxLength("显示名称", 100)]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="weigh" label="权重" extra="数字大的排在前面；留空则排在最后">
        <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
