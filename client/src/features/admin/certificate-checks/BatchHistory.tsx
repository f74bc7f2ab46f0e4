import { useEffect, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Button, Empty, Space, type TableColumnsType } from "antd";
import type { DetectionBatchFieldsFragment } from "../../../gql/graphql";
import { formatDateTime } from "../../../shared/format";
import { actionsColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { BATCH_STATUS, filterStatusLabel, scopeLabel } from "./labels";
import { DetectionBatchesQuery } from "./operations";
import { exportCsv } from "./Detection";
import { Tag } from "../common/Tag";

type Batch = DetectionBatchFieldsFragment;

const EMPTY: Batch[] = [];

/** 检测历史: every batch, newest first; 查看 shows one live above, 导出 its CSV. */
export function BatchHistory({ reloadKey, onOpen }: { reloadKey: number; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, loading, error, refetch } = useQuery(DetectionBatchesQuery, {
    variables: { page, pageSize },
    fetchPolicy: "cache-and-network",
  });
  const act = useAdminAction();
  useEffect(() => {
    if (reloadKey) void refetch();
  }, [reloadKey]); // a batch started or finished: fresh history
  const list = data?.detectionBatches;

  const columns: TableColumnsType<Batch> = [
    { title: "批次", dataIndex: "id", width: 70 },
    {
      title: "状态",
      key: "status",
      width: 90,
      render: (_, b) => <Tag color={BATCH_STATUS[b.status]?.color}>{BATCH_STATUS[b.status]?.text ?? b.status}</Tag>,
    },
    { title: "进度", key: "done", width: 110, render: (_, b) => `${b.done} / ${b.total}` },
    {
      title: "正常 / 吊销 / 未知 / 错误",
      key: "counts",
      width: 190,
      render: (_, b) => `${b.good} / ${b.revoked} / ${b.unknown} / ${b.error}`,
    },
    {
      title: "范围",
      key: "filter",
      width: 150,
      render: (_, b) => `${scopeLabel(b.filter.scope)} · ${filterStatusLabel(b.filter.status)}`,
    },
    { title: "创建人", dataIndex: "createdByName", width: 100, render: (v: string | null) => v ?? "-" },
    { title: "开始时间", dataIndex: "createdAt", width: 170, render: (v: string) => formatDateTime(v) },
    actionsColumn(140, (b) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onOpen(b.id)}>
          查看
        </Button>
        <Button type="link" size="small" onClick={() => act(() => exportCsv(b.id), undefined, "导出失败")}>
          导出
        </Button>
      </Space>
    )),
  ];

  return (
    <ListCard title="检测历史" error={error}>
      {list && list.total === 0 ? (
        <Empty description="还没有检测批次" />
      ) : (
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
      )}
    </ListCard>
  );
}
