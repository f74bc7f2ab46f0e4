import { useMutation, useQuery } from "@apollo/client/react";
import { Button, type TableColumnsType } from "antd";
import { normalizeImagePath } from "../../../shared/image";
import { RowDeleteButton } from "../common/BatchDeleteButton";
import { ENABLED, actionsColumn, activeColumn, dateColumn, orderColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useEditor } from "../common/useEditor";
import { useRowOrder } from "../common/useRowOrder";
import styles from "../common/common.module.css";
import { AdminBannersQuery, DeleteBannerMutation, ReorderBannersMutation, SetBannerActiveMutation } from "./operations";
import type { AdminBannerFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Text } from "../common/Text";

const BannerFormModal = lazyDialog(() => import("./BannerFormModal").then((m) => m.BannerFormModal));

const EMPTY: AdminBannerFieldsFragment[] = [];

/** 轮播图管理: the carousel's slides in display order; drag or move to reorder, switch on/off, edit, delete. */
export function BannersTable() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminBannersQuery, { notifyOnNetworkStatusChange: true });
  const editor = useEditor<AdminBannerFieldsFragment>(refetch);
  const [setActive] = useMutation(SetBannerActiveMutation);
  const [remove] = useMutation(DeleteBannerMutation);
  const [reorder] = useMutation(ReorderBannersMutation);
  const order = useRowOrder(data?.adminBanners ?? EMPTY, (ids) =>
    act(() => reorder({ variables: { ids } }).then(() => refetch()), "排序已保存"),
  );

  const columns: TableColumnsType<AdminBannerFieldsFragment> = [
    orderColumn(order),
    {
      title: "图片",
      dataIndex: "imageUrl",
      width: 120,
      render: (url: string, b) => (
        <img className={styles.wideThumb} src={normalizeImagePath(url)} alt={b.altText || b.title || "轮播图"} />
      ),
    },
    { title: "标题", dataIndex: "title", width: 160, ellipsis: true, render: (v: string) => v || "-" },
    { title: "替代文字", dataIndex: "altText", width: 160, ellipsis: true, render: (v: string) => v || "-" },
    {
      title: "链接",
      dataIndex: "linkUrl",
      width: 200,
      ellipsis: true,
      render: (v: string) => (v ? <Text copyable={{ text: v }}>{v}</Text> : "-"),
    },
    activeColumn(ENABLED, 80, (b, isActive) => setActive({ variables: { id: b.id, isActive } })),
    dateColumn("更新时间", "updatedAt"),
    actionsColumn(120, (b) => (
      <>
        <Button type="link" size="small" onClick={() => editor.open(b)}>
          编辑
        </Button>
        <RowDeleteButton
          title="删除轮播图"
          description="确定删除这张轮播图吗？"
          onConfirm={() => act(() => remove({ variables: { id: b.id } }).then(() => refetch()), "已删除")}
        />
      </>
    )),
  ];

  return (
    <ListCard title="轮播图列表" createText="新建轮播图" onCreate={() => editor.open(null)} error={error}>
      <div className={styles.hint} style={{ marginBottom: 12 }}>
        拖动 ⠿ 或点上移 / 下移调整首页轮播顺序，排在最上面的先显示。
      </div>
      <AdminTable
        columns={columns}
        dataSource={order.rows}
        loading={loading || order.saving}
        onRow={(b) => order.rowProps(b)}
        pagination={false}
      />
      {editor.current && <BannerFormModal banner={editor.current.item} onClose={editor.close} onSaved={editor.saved} />}
    </ListCard>
  );
}
