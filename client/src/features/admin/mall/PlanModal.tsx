import { useMutation } from "@apollo/client/react";
import { Form, InputNumber, Space } from "antd";
import { NameField } from "../common/formFields";
import type { AdminPlanFieldsFragment, PricePlanInput } from "../../../gql/graphql";
import { FormModal } from "../common/FormModal";
import { useAdminAction } from "../common/useAdminAction";
import { CreatePricePlanMutation, UpdatePricePlanMutation } from "./operations";

type Plan = AdminPlanFieldsFragment;

/** 添加/编辑价格方案: name, duration, price, warranty, renewal discount and stock (empty: unlimited). */
export function PlanModal({
  packageId,
  plan,
  onClose,
  onSaved,
}: {
  packageId: string;
  plan: Plan | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const act = useAdminAction();
  const [create, c] = useMutation(CreatePricePlanMutation);
  const [update, u] = useMutation(UpdatePricePlanMutation);
  type V = {
    name: string;
    durationDays: number;
    price: number;
    warrantyDays: number;
    renewalDiscountPct: number;
    stock: number | null;
  };
  const initial: V = plan
    ? {
        name: plan.name,
        durationDays: plan.durationDays,
        price: plan.price,
        warrantyDays: plan.warrantyDays,
        renewalDiscountPct: plan.renewalDiscountPct,
        stock: plan.stock ?? null,
      }
    : { name: "", durationDays: 365, price: 30, warrantyDays: 180, renewalDiscountPct: 0, stock: null };
  async function save(v: V) {
    const input: PricePlanInput = {
      name: v.name.trim(),
      durationDays: v.durationDays,
      price: v.price,
      warrantyDays: v.warrantyDays,
      renewalDiscountPct: v.renewalDiscountPct,
      stock: v.stock,
      unlimitedStock: v.stock === null || v.stock === undefined,
    };
    const ok = await act(
      () => (plan ? update({ variables: { id: plan.id, input } }) : create({ variables: { packageId, input } })),
      plan ? "方案已更新" : "方案已添加",
    );
    if (ok) onSaved();
  }
  return (
    <FormModal
      title={plan ? "编辑价格方案" : "添加价格方案"}
      initialValues={initial}
      onFinish={save}
      loading={c.loading || u.loading}
      onClose={onClose}
    >
      <NameField label="方案名称" placeholder="如：一年" />
      <Space wrap>
        <Form.Item label="有效天数" name="durationDays" rules={[{ required: true, message: "请输入有效天数" }]}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <Form.Item label="价格（元）" name="price" rules={[{ required: true, message: "请输入价格" }]}>
          <InputNumber min={0.01} max={1000000} precision={2} />
        </Form.Item>
        <Form.Item label="质保天数" name="warrantyDays">
          <InputNumber min={0} max={3650} precision={0} />
        </Form.Item>
        <Form.Item label="续费优惠（%）" name="renewalDiscountPct">
          <InputNumber min={0} max={90} precision={0} />
        </Form.Item>
        <Form.Item label="库存（空为不限）" name="stock">
          <InputNumber min={0} max={1000000} precision={0} placeholder="不限" />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
