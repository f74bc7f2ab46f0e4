import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { BatchDeleteButton } from "../common/BatchDeleteButton";
import { LISTED, actionsColumn, activeColumn, dateColumn, feeColumns, nameColumn, orderColumn, sizeColumn, versionColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useEditor } from "../common/useEditor";
import { usePaging } from "../common/usePaging";
import { usePagedRowOrder } from "../common/useRowOrder";
import { ResourceShareFormModal } from "./ResourceShareFormModal";
import { AdminResourceShareIdsQuery, AdminResourceSharesQuery, DeleteResourceSharesMutation, ReorderResourceSharesMutation, SetResourceShareActiveMutation } from "./operations";
import type { AdminResourceShareFieldsFragment } from "../../../gql/graphql";

const EMPTY: AdminResourceShareFieldsFragment[] = [];

/** 资源分享管理: search, pagination, create / edit with IPA and icon upload, fees, on/off, reorder, batch delete. */
export function ResourceSharesTable() {
  const paging = usePaging();
  const { search, page, pageSize, selected } = paging;
  const { data, loading, error, refetch } = useQuery(AdminResourceSharesQuery, {
    variables: { search: search || null, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const editor = useEditor<AdminResourceShareFieldsFragment>(refetch);
  const [setActive] = useMutation(SetResourceShareActiveMutation);
  const [remove, { loading: removing }] = useMutation(DeleteResourceSharesMutation);
  const [reorder] = useMutation(ReorderResourceSharesMutation);
  const order = usePagedRowOrder(data?.adminResourceShares.items ?? EMPTY, {
    page,
    pageSize,
    filtered: !!search,
    idsQuery: AdminResourceShareIdsQuery,
    pickIds: (d) => d.adminResourceShares.items,
    reorder: (ids) => reorder({ variables: { ids } }),
    reload: refetch,
  });

  const columns: TableColumnsType<AdminResourceShareFieldsFragment> = [
    orderColumn(order),
    nameColumn(),
    versionColumn(),
    sizeColumn("fileSize"),
    ...feeColumns<AdminResourceShareFieldsFragment>(),
    { title: "下载", dataIndex: "downloadCount", width: 70 },
    activeColumn(LISTED, 70, (d, isActive) => setActive({ variables: { id: d.id, isActive } })),
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(70, (d) => (
      <Button type="link" size="small" onClick={() => editor.open(d)}>
        编辑
      </Button>
    )),
  ];

  return (
    <ListCard title="资源分享列表" createText="新建资源分享" onCreate={() => editor.open(null)} error={error}>
      <ListToolbar
        placeholder="搜索名称或 Bundle ID"
        onSearch={paging.onSearch}
        end={
          <BatchDeleteButton
            count={selected.length}
            loading={removing}
            onConfirm={() => paging.onSelected((ids) => remove({ variables: { ids } }), `已删除 ${selected.length} 个资源`, refetch)}
          />
        }
      />
      <AdminTable
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(d) => order.rowProps(d)}
        scroll={{ x: 1250 }}
        rowSelection={paging.rowSelection}
        pagination={paging.pagination(data?.adminResourceShares.total ?? 0)}
      />
      {editor.current && <ResourceShareFormModal share={editor.current.item} onClose={editor.close} onSaved={editor.saved} />}
    </ListCard>
  );
}
