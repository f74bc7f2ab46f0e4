import { useEffect, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space, type TableColumnsType } from "antd";
import { actionsColumn, dateColumn } from "../common/columns";
import { downloadWithToken } from "../../../shared/download";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import type { AdminCardKeyBatchFieldsFragment } from "../../../gql/graphql";
import { CARD_KEY_KINDS } from "./labels";
import { AdminCardKeyBatchesQuery, SetCardKeyBatchDisabledMutation } from "./operations";
import { Tag } from "../common/Tag";
import { lazyDialog } from "../common/lazyDialog";

const CodesDrawer = lazyDialog(() => import("./CodesDrawer").then((m) => m.CodesDrawer));

type Batch = AdminCardKeyBatchFieldsFragment;
const EMPTY: Batch[] = [];
const yuan = (v: number) => `¥${v.toFixed(2)}`;

function batchState(b: Batch) {
  if (b.disabled) return <Tag>已停用</Tag>;
  if (b.expiresAt && new Date(b.expiresAt).getTime() <= Date.now()) return <Tag color="orange">已过期</Tag>;
  return <Tag color="green">正常</Tag>;
}

/** 卡密批次: each batch with how many codes were redeemed; its codes in a drawer; disable / enable; CSV of the codes' status. */
export function CardKeyBatchesTable({ reloadKey }: { reloadKey: number }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, loading, error, refetch } = useQuery(AdminCardKeyBatchesQuery, {
    variables: { page, pageSize },
    fetchPolicy: "cache-and-network",
  });
  const [setDisabled] = useMutation(SetCardKeyBatchDisabledMutation);
  /** The batch whose codes the drawer shows. */
  const [codesOf, setCodesOf] = useState<string | null>(null);
  const act = useAdminAction();
  const list = data?.adminCardKeyBatches;
  // A new batch was generated: show the first page again, fresh.
  useEffect(() => {
    if (!reloadKey) return;
    setPage(1);
    void refetch({ page: 1, pageSize });
  }, [reloadKey]); // only a new generation reloads here; paging has its own variables

  const columns: TableColumnsType<Batch> = [
    { title: "批次", dataIndex: "id", width: 70 },
    { title: "类型", dataIndex: "kind", width: 70, render: (k: string) => CARD_KEY_KINDS[k] ?? k },
    { title: "面额", dataIndex: "amount", width: 100, render: yuan },
    { title: "兑换 / 数量", key: "used", width: 110, render: (_, b) => `${b.redeemedCount} / ${b.count}` },
    { title: "前缀", dataIndex: "prefix", width: 90, render: (p: string) => p || "-" },
    { title: "状态", key: "state", width: 80, render: (_, b) => batchState(b) },
    dateColumn("过期时间", "expiresAt"),
    dateColumn("创建时间", "createdAt"),
    actionsColumn(230, (b) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => setCodesOf(b.id)}>
          查看卡密
        </Button>
        <Popconfirm
          title={b.disabled ? "启用后未兑换的卡密可以继续使用" : "停用后本批次未兑换的卡密都不能使用"}
          okText={b.disabled ? "启用" : "停用"}
          onConfirm={() =>
            act(
              () => setDisabled({ variables: { id: b.id, disabled: !b.disabled } }).then(() => refetch()),
              b.disabled ? "已启用" : "已停用",
            )
          }
        >
          <Button type="link" size="small" danger={!b.disabled}>
            {b.disabled ? "启用" : "停用"}
          </Button>
        </Popconfirm>
        <Button
          type="link"
          size="small"
          onClick={() =>
            act(
              () => downloadWithToken(`/api/admin/card-keys/batches/${b.id}/export`, `card-keys-batch-${b.id}.csv`),
              undefined,
              "导出失败",
            )
          }
        >
          导出
        </Button>
      </Space>
    )),
  ];

  return (
    <ListCard title="卡密批次" error={error}>
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? EMPTY}
        loading={loading}
        pagination={{
          current: page,
          pageSize,
          total: list?.total ?? 0,
          showTotal: (n) => `共 ${n} 条数据`,
          onChange: (p, s) => (setPage(s !== pageSize ? 1 : p), setPageSize(s)),
        }}
      />
      {codesOf && <CodesDrawer batchId={codesOf} onClose={() => (setCodesOf(null), void refetch())} />}
    </ListCard>
  );
}
