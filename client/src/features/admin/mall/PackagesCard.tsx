import { useState, type Key } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Space, type TableColumnsType } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import type { AdminCertificatePackagesQuery, AdminPlanFieldsFragment } from "../../../gql/graphql";
import { actionsColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import {
  AdminCertificatePackagesQuery as PackagesQuery,
  DeleteCertPackageMutation,
  ReorderCertPackagesMutation,
  UpdateCertPackageMutation,
} from "./operations";
import { DEVICE_OPTIONS, KIND_OPTIONS, label, moved, SOURCE_OPTIONS } from "./packageOptions";
import { PlanTable } from "./PlanTable";
import { useDeleteWithForce } from "./useDeleteWithForce";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";
import { Switch } from "../common/Switch";

const PlanModal = lazyDialog(() => import("./PlanModal").then((m) => m.PlanModal));

const PackageModal = lazyDialog(() => import("./PackageModal").then((m) => m.PackageModal));

type Pkg = AdminCertificatePackagesQuery["adminCertificatePackages"][number];
type Plan = AdminPlanFieldsFragment;

/** 套餐与方案: packages with their plans nested; create, edit, reorder, on/off and delete (force-delete with orders). */
export function PackagesCard() {
  const { data, loading, error, refetch } = useQuery(PackagesQuery, { fetchPolicy: "cache-and-network" });
  const act = useAdminAction();
  const confirmDelete = useDeleteWithForce();
  const [updatePackage] = useMutation(UpdateCertPackageMutation);
  const [deletePackage] = useMutation(DeleteCertPackageMutation);
  const [reorder] = useMutation(ReorderCertPackagesMutation);
  const [editing, setEditing] = useState<Pkg | null | "new">(null);
  const [planEdit, setPlanEdit] = useState<{ packageId: string; plan: Plan | null } | null>(null);
  // Every package shows its plans until the admin folds one.
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const list = data?.adminCertificatePackages ?? [];
  const ids = list.map((p) => p.id);
  const reload = () => void refetch();

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
              <PlanTable pkg={p} onEdit={(plan) => setPlanEdit({ packageId: p.id, plan })} reload={reload} />
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
