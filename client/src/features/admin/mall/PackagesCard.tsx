import { useState, type Key } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { App, Button, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, type TableColumnsType } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import type {
  AdminCertificatePackagesQuery,
  AdminPlanFieldsFragment,
  CertPackageInput,
  PricePlanInput,
} from "../../../gql/graphql";
import { errorCode, errorMessage } from "../../../shared/graphqlError";
import { actionsColumn } from "../common/columns";
import { FormModal } from "../common/FormModal";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { AdminCertificatesQuery } from "../certificates/operations";
import {
  AdminCertificatePackagesQuery as PackagesQuery,
  CertSuppliersQuery,
  CreateCertPackageMutation,
  CreatePricePlanMutation,
  DeleteCertPackageMutation,
  DeletePricePlanMutation,
  ReorderCertPackagesMutation,
  ReorderPricePlansMutation,
  UpdateCertPackageMutation,
  UpdatePricePlanMutation,
} from "./operations";

type Pkg = AdminCertificatePackagesQuery["adminCertificatePackages"][number];
type Plan = AdminPlanFieldsFragment;

export const KIND_OPTIONS = [
  { value: "shared", label: "共享版" },
  { value: "stable", label: "稳定版" },
  { value: "dedicated", label: "独立版" },
];
export const SOURCE_OPTIONS = [
  { value: "asc", label: "App Store Connect" },
  { value: "supplier", label: "供应商接口" },
  { value: "manual", label: "人工交付" },
  { value: "platform", label: "平台证书（企业）" },
];
const DEVICE_OPTIONS = [
  { value: "iphone", label: "iPhone" },
  { value: "ipad", label: "iPad" },
  { value: "all", label: "iPhone / iPad" },
];
const label = (opts: { value: string; label: string }[], v: string) => opts.find((o) => o.value === v)?.label ?? v;

/** Moves id one place up (-1) or down (+1) in ids. */
const moved = (ids: string[], id: string, by: -1 | 1) => {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};

/** 删除 with the confirmation: a package or plan that has orders needs 强制删除, which keeps the orders' snapshot. */
function useDeleteWithForce() {
  const { modal, message } = App.useApp();
  return (what: string, run: (force: boolean) => Promise<unknown>, after: () => void) =>
    modal.confirm({
      title: `确定删除该${what}吗？`,
      okText: "删除",
      okType: "danger",
      cancelText: "取消",
      onOk: async () => {
        try {
          await run(false);
          message.success("已删除");
          after();
        } catch (e) {
          if (errorCode(e) !== "CERT_PLAN_HAS_ORDERS") return void message.error(errorMessage(e));
          modal.confirm({
            title: "强制删除",
            content: `${errorMessage(e)}。强制删除后，已有订单保留购买时的套餐与价格快照。`,
            okText: "强制删除",
            okType: "danger",
            cancelText: "取消",
            onOk: async () => {
              try {
                await run(true);
                message.success("已强制删除");
                after();
              } catch (e2) {
                message.error(errorMessage(e2));
              }
            },
          });
        }
      },
    });
}

function PlanModal({
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
      <Form.Item
        label="方案名称"
        name="name"
        rules={[
          { required: true, message: "请输入方案名称" },
          { max: 50, message: "最多50个字符" },
        ]}
      >
        <Input placeholder="如：一年" />
      </Form.Item>
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

function PackageModal({ pkg, onClose, onSaved }: { pkg: Pkg | null; onClose: () => void; onSaved: () => void }) {
  const act = useAdminAction();
  const suppliers = useQuery(CertSuppliersQuery, { fetchPolicy: "cache-and-network" });
  const platformCerts = useQuery(AdminCertificatesQuery, {
    variables: { scope: "platform", page: 1, pageSize: 100 },
    fetchPolicy: "cache-and-network",
  });
  const [create, c] = useMutation(CreateCertPackageMutation);
  const [update, u] = useMutation(UpdateCertPackageMutation);
  const [form] = Form.useForm<CertPackageInput>();
  const source = Form.useWatch("source", form);
  const initial: CertPackageInput = pkg
    ? {
        name: pkg.name,
        description: pkg.description,
        kind: pkg.kind,
        source: pkg.source,
        supplierId: pkg.supplierId ?? null,
        certificateId: pkg.certificateId ?? null,
        deviceType: pkg.deviceType,
      }
    : {
        name: "",
        description: "",
        kind: "stable",
        source: "asc",
        supplierId: null,
        certificateId: null,
        deviceType: "iphone",
      };
  async function save(v: CertPackageInput) {
    const input = {
      ...v,
      name: v.name?.trim(),
      supplierId: v.source === "supplier" ? (v.supplierId ?? null) : null,
      certificateId: v.source === "platform" ? (v.certificateId ?? null) : null,
    };
    const ok = await act(
      () => (pkg ? update({ variables: { id: pkg.id, input } }) : create({ variables: { input } })),
      pkg ? "套餐已更新" : "套餐已创建",
    );
    if (ok) onSaved();
  }
  return (
    <FormModal
      title={pkg ? "编辑套餐" : "新建套餐"}
      form={form}
      initialValues={initial}
      onFinish={save}
      loading={c.loading || u.loading}
      onClose={onClose}
    >
      <Form.Item
        label="套餐名称"
        name="name"
        rules={[
          { required: true, message: "请输入套餐名称" },
          { max: 50, message: "最多50个字符" },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item label="套餐说明" name="description" rules={[{ max: 1000, message: "最多1000个字符" }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Space wrap>
        <Form.Item label="类型" name="kind">
          <Select options={KIND_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="设备类型" name="deviceType">
          <Select options={DEVICE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item label="交付方式" name="source">
          <Select options={SOURCE_OPTIONS} style={{ width: 180 }} />
        </Form.Item>
      </Space>
      {source === "platform" && (
        <Form.Item
          label="平台证书（适用于所有设备的企业证书，交付其副本）"
          name="certificateId"
          rules={[{ required: true, message: "请选择平台证书" }]}
        >
          <Select
            options={(platformCerts.data?.adminCertificates.items ?? [])
              .filter((c) => c.allDevices)
              .map((c) => ({ value: c.id, label: `${c.name}（${c.teamId}）` }))}
            placeholder="在「平台证书」中上传企业证书"
          />
        </Form.Item>
      )}
      {source === "supplier" && (
        <Form.Item label="供应商接口" name="supplierId" rules={[{ required: true, message: "请选择供应商接口" }]}>
          <Select
            options={(suppliers.data?.adminCertSuppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
            placeholder="在「API接口」中添加供应商"
          />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** 套餐与方案: packages with their plans nested; create, edit, reorder, on/off and delete (force-delete with orders). */
export function PackagesCard() {
  const { data, loading, error, refetch } = useQuery(PackagesQuery, { fetchPolicy: "cache-and-network" });
  const act = useAdminAction();
  const confirmDelete = useDeleteWithForce();
  const [updatePackage] = useMutation(UpdateCertPackageMutation);
  const [updatePlan] = useMutation(UpdatePricePlanMutation);
  const [deletePackage] = useMutation(DeleteCertPackageMutation);
  const [deletePlan] = useMutation(DeletePricePlanMutation);
  const [reorder] = useMutation(ReorderCertPackagesMutation);
  const [reorderPlans] = useMutation(ReorderPricePlansMutation);
  const [editing, setEditing] = useState<Pkg | null | "new">(null);
  const [planEdit, setPlanEdit] = useState<{ packageId: string; plan: Plan | null } | null>(null);
  // Every package shows its plans until the admin folds one.
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const list = data?.adminCertificatePackages ?? [];
  const ids = list.map((p) => p.id);
  const reload = () => void refetch();

  const planColumns = (pkg: Pkg): TableColumnsType<Plan> => [
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
          <Button type="link" size="small" onClick={() => setPlanEdit({ packageId: pkg.id, plan: p })}>
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

  const columns: TableColumnsType<Pkg> = [
    {
      title: "排序",
      key: "order",
      width: 80,
      minWidth: 70,
      render: (_, p) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label="上移"
            onClick={() => act(() => reorder({ variables: { ids: moved(ids, p.id, -1) } }).then(reload))}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label="下移"
            onClick={() => act(() => reorder({ variables: { ids: moved(ids, p.id, 1) } }).then(reload))}
          />
        </Space>
      ),
    },
    {
      title: "套餐",
      dataIndex: "name",
      width: 160,
      minWidth: 110,
      render: (v: string, p) => (
        <span data-testid="admin-package-name">
          {v}
          <br />
          <Tag>{label(KIND_OPTIONS, p.kind)}</Tag>
        </span>
      ),
    },
    {
      title: "交付方式",
      dataIndex: "source",
      width: 150,
      minWidth: 100,
      render: (v: string) => label(SOURCE_OPTIONS, v),
    },
    {
      title: "设备",
      dataIndex: "deviceType",
      width: 110,
      minWidth: 80,
      render: (v: string) => label(DEVICE_OPTIONS, v),
    },
    { title: "方案数", key: "plans", width: 80, minWidth: 60, render: (_, p) => p.plans.length },
    {
      title: "上架",
      dataIndex: "enabled",
      width: 70,
      minWidth: 52,
      render: (on: boolean, p) => (
        <Switch
          size="small"
          checked={on}
          onChange={(next) =>
            act(
              () => updatePackage({ variables: { id: p.id, input: { enabled: next } } }).then(reload),
              next ? "已上架" : "已下架",
            )
          }
        />
      ),
    },
    actionsColumn(200, (p) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => setPlanEdit({ packageId: p.id, plan: null })}>
          添加方案
        </Button>
        <Button type="link" size="small" onClick={() => setEditing(p)}>
          编辑
        </Button>
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            confirmDelete("套餐（含其方案）", (force) => deletePackage({ variables: { id: p.id, force } }), reload)
          }
        >
          删除
        </Button>
      </Space>
    )),
  ];

  return (
    <ListCard title="证书套餐与价格方案" createText="新建套餐" onCreate={() => setEditing("new")} error={error}>
      <AdminTable
        columns={columns}
        dataSource={list}
        loading={loading && !data}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ?? ids,
          onExpandedRowsChange: (keys) => setExpanded(keys),
          expandedRowRender: (p) =>
            p.plans.length ? (
              <Table<Plan>
                size="small"
                rowKey="id"
                columns={planColumns(p)}
                dataSource={p.plans}
                pagination={false}
                scroll={{ x: 900 }}
              />
            ) : (
              <span>暂无价格方案，点击「添加方案」</span>
            ),
        }}
      />
      {editing && (
        <PackageModal
          pkg={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), reload())}
        />
      )}
      {planEdit && (
        <PlanModal
          packageId={planEdit.packageId}
          plan={planEdit.plan}
          onClose={() => setPlanEdit(null)}
          onSaved={() => (setPlanEdit(null), reload())}
        />
      )}
    </ListCard>
  );
}
