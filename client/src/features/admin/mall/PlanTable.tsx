import { useMutation } from "@apollo/client/react";
import { Button, Space, type TableColumnsType } from "antd";
import { AdminTable } from "../common/AdminTable";
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import type { AdminCertificatePackagesQuery, AdminPlanFieldsFragment } from "../../../gql/graphql";
import { useAdminAction } from "../common/useAdminAction";
import { DeletePricePlanMutation, ReorderPricePlansMutation, UpdatePricePlanMutation } from "./operations";
import { moved } from "./packageOptions";
import { useDeleteWithForce } from "./useDeleteWithForce";
import { Switch } from "../common/Switch";

type Pkg = AdminCertificatePackagesQuery["adminCertificatePackages"][number];
type Plan = AdminPlanFieldsFragment;

/** A package's plans, nested under its row: on/off, reorder, edit and delete (force-delete with orders). */
export function PlanTable({ pkg, onEdit, reload }: { pkg: Pkg; onEdit: (plan: Plan) => void; reload: () => void }) {
  const act = useAdminAction();
  const confirmDelete = useDeleteWithForce();
  const [updatePlan] = useMutation(UpdatePricePlanMutation);
  const [deletePlan] = useMutation(DeletePricePlanMutation);
  const [reorderPlans] = useMutation(ReorderPricePlansMutation);

  const columns: TableColumnsType<Plan> = [
    { title: "方案", dataIndex: "name", width: 120 },
    { title: "有效期", dataIndex: "durationDays", width: 90, render: (v: number) => `${v} 天` },
    { title: "价格", dataIndex: "price", width: 90, render: (v: number) => `¥${v.toFixed(2)}` },
    { title: "质保", dataIndex: "warrantyDays", width: 80, render: (v: number) => `${v} 天` },
    { title: "续费优惠", dataIndex: "renewalDiscountPct", width: 90, render: (v: number) => (v ? `${v}%` : "-") },
    { title: "库存 / 已售", key: "stock", width: 110, render: (_, p) => `${p.stock ?? "不限"} / ${p.sold}` },
    { title: "订单", dataIndex: "orderCount", width: 70 },
    {
      title: "上架",
      dataIndex: "enabled",
      width: 70,
      render: (on: boolean, p) => (
        <Switch
          size="small"
          checked={on}
          onChange={(next) =>
            act(
              () => updatePlan({ variables: { id: p.id, input: { enabled: next } } }).then(reload),
              next ? "已上架" : "已下架",
            )
          }
        />
      ),
    },
    {
      title: "操作",
      key: "a",
      width: 220,
      render: (_, p) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label="上移"
            onClick={() =>
              act(() =>
                reorderPlans({
                  variables: {
                    packageId: pkg.id,
                    ids: moved(
                      pkg.plans.map((x) => x.id),
                      p.id,
                      -1,
                    ),
                  },
                }).then(reload),
              )
            }
          />
          <Button
            type="link"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label="下移"
            onClick={() =>
              act(() =>
                reorderPlans({
                  variables: {
                    packageId: pkg.id,
                    ids: moved(
                      pkg.plans.map((x) => x.id),
                      p.id,
                      1,
                    ),
                  },
                }).then(reload),
              )
            }
          />
          <Button type="link" size="small" onClick={() => onEdit(p)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmDelete("价格方案", (force) => deletePlan({ variables: { id: p.id, force } }), reload)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return <AdminTable<Plan> size="small" rowKey="id" columns={columns} dataSource={pkg.plans} pagination={false} />;
}
