import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, type TableColumnsType } from "antd";
import { BatchDeleteButton, RowDeleteButton } from "../common/BatchDeleteButton";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useEditor } from "../common/useEditor";
import { usePaging } from "../common/usePaging";
import {
  AdminAnnouncementsQuery,
  BatchAnnouncementsMutation,
  DeleteAnnouncementMutation,
  SetAnnouncementStatusMutation,
} from "./operations";
import type { AdminAnnouncementFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { FilterSelect } from "../common/FilterSelect";
import { useFeedback } from "../shell/feedback";

const AnnouncementFormModal = lazyDialog(() => import("./AnnouncementFormModal").then((m) => m.AnnouncementFormModal));

const STATUS_OPTIONS = [
  { value: "published", label: "已发布" },
  { value: "draft", label: "草稿" },
];

/** 公告管理: search, status filter, pagination, create / edit, publish / unpublish, batch operations. */
export function AnnouncementsTable() {
  const act = useAdminAction();
  const { modal } = useFeedback();
  const paging = usePaging();
  const { search, page, pageSize, selected } = paging;
  const [status, setStatus] = useState("");
  const { data, loading, error, refetch } = useQuery(AdminAnnouncementsQuery, {
    variables: { search: search || null, status: status || null, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const editor = useEditor<AdminAnnouncementFieldsFragment>(refetch);
  const [setStatusOf] = useMutation(SetAnnouncementStatusMutation);
  const [remove] = useMutation(DeleteAnnouncementMutation);
  const [batch, { loading: batching }] = useMutation(BatchAnnouncementsMutation);

  function runBatch(operation: "delete" | "publish" | "unpublish", done: string) {
    return paging.onSelected((ids) => batch({ variables: { operation, ids } }), done, refetch);
  }

  function confirmBatch(operation: "publish" | "unpublish") {
    const verb = operation === "publish" ? "发布" : "撤回";
    modal.confirm({
      title: `批量${verb}`,
      content: `确定${verb}选中的 ${selected.length} 条公告吗？`,
      okText: "确定",
      cancelText: "取消",
      onOk: () => runBatch(operation, `已${verb} ${selected.length} 条公告`),
    });
  }

  const columns: TableColumnsType<AdminAnnouncementFieldsFragment> = [
    { title: "标题", dataIndex: "title", width: 200, ellipsis: true },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (s: string) =>
        s === "published" ? <Badge status="success" text="已发布" /> : <Badge status="default" text="草稿" />,
    },
    { title: "内容", dataIndex: "content", width: 280, ellipsis: true },
    { title: "阅读", dataIndex: "readCount", width: 70 },
    dateColumn("发布时间", "publishedAt"),
    dateColumn("创建时间", "createdAt"),
    actionsColumn(170, (a) => {
      const published = a.status === "published";
      return (
        <>
          <Button type="link" size="small" onClick={() => editor.open(a)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              act(
                () =>
                  setStatusOf({ variables: { id: a.id, status: published ? "draft" : "published" } }).then(() =>
                    refetch(),
                  ),
                published ? "已撤回" : "已发布",
              )
            }
          >
            {published ? "撤回" : "发布"}
          </Button>
          <RowDeleteButton
            title="删除公告"
            description="确定删除这条公告吗？"
            onConfirm={() => act(() => remove({ variables: { id: a.id } }).then(() => refetch()), "已删除")}
          />
        </>
      );
    }),
  ];

  return (
    <ListCard title="公告列表" createText="新建公告" onCreate={() => editor.open(null)} error={error}>
      <ListToolbar
        placeholder="搜索标题或内容"
        onSearch={paging.onSearch}
        end={
          <>
            <Button disabled={selected.length === 0} loading={batching} onClick={() => confirmBatch("publish")}>
              批量发布
            </Button>
            <Button disabled={selected.length === 0} loading={batching} onClick={() => confirmBatch("unpublish")}>
              批量撤回
            </Button>
            <BatchDeleteButton
              count={selected.length}
              onConfirm={() => runBatch("delete", `已删除 ${selected.length} 条公告`)}
            />
          </>
        }
      >
        <FilterSelect
          value={status}
          options={STATUS_OPTIONS}
          placeholder="全部状态"
          style={{ width: 120 }}
          aria-label="状态筛选"
          onChange={paging.filtered((v?: string) => setStatus(v ?? ""))}
        />
      </ListToolbar>
      <AdminTable
        columns={columns}
        dataSource={data?.adminAnnouncements.items ?? []}
        loading={loading}
        rowSelection={paging.rowSelection}
        pagination={paging.pagination(data?.adminAnnouncements.total ?? 0)}
      />
      {editor.current && (
        <AnnouncementFormModal announcement={editor.current.item} onClose={editor.close} onSaved={editor.saved} />
      )}
    </ListCard>
  );
}
