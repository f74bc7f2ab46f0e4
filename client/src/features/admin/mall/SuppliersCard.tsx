import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space, type TableColumnsType } from "antd";
import type { AdminCertSuppliersQuery } from "../../../gql/graphql";
import { BusinessDateTime } from "../common/businessTime";
import { actionsColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import {
  CertSuppliersQuery,
  DeleteCertSupplierMutation,
  TestCertSupplierMutation,
  UpdateCertSupplierMutation,
} from "./operations";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";
import { Switch } from "../common/Switch";

const SupplierModal = lazyDialog(() => import("./SupplierModal").then((m) => m.SupplierModal));

type Supplier = AdminCertSuppliersQuery["adminCertSuppliers"][number];

/** /admin/api-interfaces: suppliers of certificates (our JSON protocol), 测试连接 and the package mapping. */
export function SuppliersCard() {
  const { data, loading, error, refetch } = useQuery(CertSuppliersQuery, { fetchPolicy: "cache-and-network" });
  const [update] = useMutation(UpdateCertSupplierMutation);
  const [remove] = useMutation(DeleteCertSupplierMutation);
  const [test, testing] = useMutation(TestCertSupplierMutation);
  const act = useAdminAction();
  const [editing, setEditing] = useState<Supplier | null | "new">(null);
  const reload = () => void refetch();
  const columns: TableColumnsType<Supplier> = [
    { title: "名称", dataIndex: "name", width: 140, minWidth: 100 },
    {
      title: "接口地址",
      dataIndex: "baseUrl",
      width: 240,
      minWidth: 140,
      render: (v: string) => <code style={{ wordBreak: "break-all" }}>{v}</code>,
    },
    {
      title: "映射套餐",
      dataIndex: "productMapJson",
      width: 90,
      minWidth: 70,
      render: (v: string) => Object.keys(JSON.parse(v) as object).length,
    },
    {
      title: "连接测试",
      key: "test",
      width: 220,
      minWidth: 120,
      render: (_, s) =>
        s.lastTestAt ? (
          <span data-testid="supplier-test">
            <Tag color={s.lastTestOk ? "green" : "red"}>{s.lastTestOk ? "正常" : "失败"}</Tag>
            {s.lastTestMessage}
            <div style={{ fontSize: 12, color: "#8f959e" }}>
              <BusinessDateTime value={s.lastTestAt} />
            </div>
          </span>
        ) : (
          "未测试"
        ),
    },
    {
      title: "启用",
      dataIndex: "enabled",
      width: 70,
      minWidth: 52,
      render: (on: boolean, s) => (
        <Switch
          size="small"
          checked={on}
          onChange={(next) =>
            act(
              () => update({ variables: { id: s.id, input: { enabled: next } } }).then(reload),
              next ? "已启用" : "已停用",
            )
          }
        />
      ),
    },
    actionsColumn(200, (s) => (
      <Space size={0} wrap>
        <Button
          type="link"
          size="small"
          loading={testing.loading && testing.data === undefined}
          onClick={() => act(() => test({ variables: { id: s.id } }).then(reload))}
        >
          测试连接
        </Button>
        <Button type="link" size="small" onClick={() => setEditing(s)}>
          编辑
        </Button>
        <Popconfirm
          title="确定删除该接口吗？"
          okText="删除"
          cancelText="取消"
          onConfirm={() => act(() => remove({ variables: { id: s.id } }).then(reload), "已删除")}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    )),
  ];
  return (
    <ListCard title="证书供应商接口" createText="添加接口" onCreate={() => setEditing("new")} error={error}>
      <AdminTable
        columns={columns}
        dataSource={data?.adminCertSuppliers ?? []}
        loading={loading && !data}
        pagination={false}
      />
      {editing && (
        <SupplierModal
          supplier={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), reload())}
        />
      )}
    </ListCard>
  );
}
