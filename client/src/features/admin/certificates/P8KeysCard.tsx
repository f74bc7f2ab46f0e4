import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, type TableColumnsType } from "antd";
import type { P8KeysQuery as Result } from "../../../gql/graphql";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { DeleteP8KeyMutation, P8KeysQuery } from "./operations";
import { lazyDialog } from "../common/lazyDialog";

const P8KeyModal = lazyDialog(() => import("./P8KeyModal").then((m) => m.P8KeyModal));

type Key = Result["p8Keys"][number];

/**
 * App Store Connect API keys: name, issuer id, key id and the .p8 (read in the browser as text and sent once; the
 * server signs a test token with it before keeping it sealed, and never shows it again).
 */
export function P8KeysCard() {
  const { data, loading, error, refetch } = useQuery(P8KeysQuery, { fetchPolicy: "cache-and-network" });
  const [remove] = useMutation(DeleteP8KeyMutation);
  const act = useAdminAction();
  const [open, setOpen] = useState(false);
  const columns: TableColumnsType<Key> = [
    { title: "名称", dataIndex: "name", width: 160, minWidth: 100 },
    { title: "Issuer ID", dataIndex: "issuerId", width: 300, minWidth: 160, render: (v: string) => <code>{v}</code> },
    { title: "Key ID", dataIndex: "keyId", width: 120, minWidth: 100, render: (v: string) => <code>{v}</code> },
    dateColumn("添加时间", "createdAt"),
    actionsColumn(80, (k) => (
      <Popconfirm
        title="确定删除该 API 密钥吗？"
        okText="删除"
        cancelText="取消"
        onConfirm={() => act(() => remove({ variables: { id: k.id } }).then(() => refetch()), "已删除")}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    )),
  ];
  return (
    <ListCard
      title="P8 证书（App Store Connect API 密钥）"
      createText="添加密钥"
      onCreate={() => setOpen(true)}
      error={error}
    >
      <AdminTable columns={columns} dataSource={data?.p8Keys ?? []} loading={loading} pagination={false} />
      {open && <P8KeyModal onClose={() => setOpen(false)} onSaved={() => void refetch()} />}
    </ListCard>
  );
}
