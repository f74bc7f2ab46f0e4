import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Tag, type TableColumnsType } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { BatchDeleteButton } from "../common/BatchDeleteButton";
import { LISTED, actionsColumn, activeColumn, dateColumn, feeColumns, nameColumn, orderColumn, sizeColumn, versionColumn } from "../common/columns";
import { downloadWithToken } from "../common/download";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useEditor } from "../common/useEditor";
import { usePaging } from "../common/usePaging";
import { usePagedRowOrder } from "../common/useRowOrder";
import { DylibFormModal } from "./DylibFormModal";
import { AdminDylibIdsQuery, AdminDylibsQuery, DeleteDylibsMutation, ReorderDylibsMutation, SetDylibActiveMutation } from "./operations";
import type { AdminDylibFieldsFragment } from "../../../gql/graphql";

const EMPTY: AdminDylibFieldsFragment[] = [];

/** 动态库管理: search, pagination, create / edit with file and icon upload, on/off, reorder, batch delete, download. */
export function DylibsTable() {
  const act = useAdminAction();
  const paging = usePaging();
  const { search, page, pageSize, selected } = paging;
  const [downloading, setDownloading] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminDylibsQuery, {
    variables: { search: search || null, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const editor = useEditor<AdminDylibFieldsFragment>(refetch);
  const [setActive] = useMutation(SetDylibActiveMutation);
  const [remove, { loading: removing }] = useMutation(DeleteDylibsMutation);
  const [reorder] = useMutation(ReorderDylibsMutation);
  const order = usePagedRowOrder(data?.adminDylibs.items ?? EMPTY, {
    page,
    pageSize,
    filtered: !!search,
    idsQuery: AdminDylibIdsQuery,
    pickIds: (d) => d.adminDylibs.items,
    reorder: (ids) => reorder({ variables: { ids } }),
    reload: refetch,
  });

  async function download(d: AdminDylibFieldsFragment) {
    setDownloading(d.id);
    await act(() => downloadWithToken(`/api/dylib-management/download/${d.id}`, `${d.name}.dylib`));
    setDownloading(null);
  }

  const columns: TableColumnsType<AdminDylibFieldsFragment> = [
    orderColumn(order),
    nameColumn(),
    versionColumn(),
    sizeColumn("fileSize"),
    { title: "作者", dataIndex: "author", width: 110, ellipsis: true, render: (v: string) => v || "-" },
    { title: "分类", dataIndex: "category", width: 100, ellipsis: true, render: (v: string) => v || "-" },
    {
      title: "标签",
      dataIndex: "tags",
      width: 180,
      render: (tags: string[]) => (tags.length ? tags.map((t) => <Tag key={t}>{t}</Tag>) : "-"),
    },
    ...feeColumns<AdminDylibFieldsFragment>(),
    { title: "下载", dataIndex: "downloadCount", width: 70 },
    activeColumn(LISTED, 70, (d, isActive) => setActive({ variables: { id: d.id, isActive } })),
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(130, (d) => (
      <>
        <Button type="link" size="small" onClick={() => editor.open(d)}>
          编辑
        </Button>
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          disabled={!d.hasFile}
          loading={downloading === d.id}
          title={d.hasFile ? "下载文件" : "未上传文件"}
          onClick={() => void download(d)}
        >
          下载
        </Button>
      </>
    )),
  ];

  return (
    <ListCard title="动态库列表" createText="新建动态库" onCreate={() => editor.open(null)} error={error}>
      <ListToolbar
        placeholder="搜索名称、Bundle ID 或标签"
        onSearch={paging.onSearch}
        end={
          <BatchDeleteButton
            count={selected.length}
            loading={removing}
            onConfirm={() => paging.onSelected((ids) => remove({ variables: { ids } }), `已删除 ${selected.length} 个动态库`, refetch)}
          />
        }
      />
      <AdminTable
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(d) => order.rowProps(d)}
        scroll={{ x: 1600 }}
        rowSelection={paging.rowSelection}
        pagination={paging.pagination(data?.adminDylibs.total ?? 0)}
      />
      {editor.current && <DylibFormModal dylib={editor.current.item} onClose={editor.close} onSaved={editor.saved} />}
    </ListCard>
  );
}
