import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, type TableColumnsType } from "antd";
import { BusinessDateTime } from "../common/businessTime";
import { RowDeleteButton } from "../common/BatchDeleteButton";
import { actionsColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import styles from "../common/common.module.css";
import {
  AdminCategoryAnnouncementsQuery,
  DeleteCategoryAnnouncementMutation,
  UpsertCategoryAnnouncementMutation,
} from "./operations";
import type { AdminCategoryAnnouncementFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";

const CategoryAnnouncementModal = lazyDialog(() =>
  import("./CategoryAnnouncementModal").then((m) => m.CategoryAnnouncementModal),
);

interface Row {
  categoryId: string;
  categoryName: string;
  builtIn: boolean;
  /** An announcement whose category no longer exists (deleted since). */
  orphan: boolean;
  announcement: AdminCategoryAnnouncementFieldsFragment | null;
}

/** 分类公告: one row per category (动态库 and 资源分享 included) with its announcement box, if any. */
export function CategoryAnnouncementsTable() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminCategoryAnnouncementsQuery, {
    notifyOnNetworkStatusChange: true,
  });
  const [editing, setEditing] = useState<Row | null>(null);
  const [remove] = useMutation(DeleteCategoryAnnouncementMutation);
  const [upsert] = useMutation(UpsertCategoryAnnouncementMutation);

  const byCategory = new Map((data?.adminCategoryAnnouncements ?? []).map((a) => [a.categoryId, a]));
  const rows: Row[] = (data?.categories ?? []).map((c) => ({
    categoryId: c.id,
    categoryName: c.displayName || c.name,
    builtIn: c.builtIn,
    orphan: false,
    announcement: byCategory.get(c.id) ?? null,
  }));
  const known = new Set(rows.map((r) => r.categoryId));
  for (const a of data?.adminCategoryAnnouncements ?? []) {
    if (!known.has(a.categoryId))
      rows.push({
        categoryId: a.categoryId,
        categoryName: `已删除的分类 #${a.categoryId}`,
        builtIn: false,
        orphan: true,
        announcement: a,
      });
  }

  const columns: TableColumnsType<Row> = [
    {
      title: "分类",
      dataIndex: "categoryName",
      width: 140,
      render: (name: string, r) => (
        <span>
          {name} {r.builtIn && <Tag color="blue">内置</Tag>}
        </span>
      ),
    },
    {
      title: "标题",
      key: "title",
      width: 180,
      ellipsis: true,
      render: (_, r) => r.announcement?.title ?? <span className={styles.sub}>未设置</span>,
    },
    { title: "内容", key: "content", width: 280, ellipsis: true, render: (_, r) => r.announcement?.content ?? "-" },
    {
      title: "状态",
      key: "status",
      width: 90,
      render: (_, r) =>
        !r.announcement ? (
          "-"
        ) : r.announcement.isActive ? (
          <Badge status="success" text="显示" />
        ) : (
          <Badge status="default" text="隐藏" />
        ),
    },
    {
      title: "更新时间",
      key: "updatedAt",
      width: 150,
      render: (_, r) => <BusinessDateTime value={r.announcement?.updatedAt} />,
    },
    actionsColumn(170, (r) => {
      const a = r.announcement;
      return (
        <>
          {!r.orphan && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              {a ? "编辑" : "设置公告"}
            </Button>
          )}
          {a && !r.orphan && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                act(
                  () =>
                    upsert({
                      variables: {
                        categoryId: r.categoryId,
                        input: { title: a.title, content: a.content, isActive: !a.isActive },
                      },
                    }).then(() => refetch()),
                  a.isActive ? "已隐藏" : "已显示",
                )
              }
            >
              {a.isActive ? "隐藏" : "显示"}
            </Button>
          )}
          {a && (
            <RowDeleteButton
              title="删除分类公告"
              description={`确定删除「${r.categoryName}」的公告吗？`}
              onConfirm={() =>
                act(() => remove({ variables: { categoryId: r.categoryId } }).then(() => refetch()), "已删除")
              }
            />
          )}
        </>
      );
    }),
  ];

  return (
    <ListCard title="分类公告" error={error}>
      <div className={styles.hint} style={{ marginBottom: 12 }}>
        每个分类一条公告，显示在首页该分类的列表上方。
      </div>
      <AdminTable rowKey="categoryId" columns={columns} dataSource={rows} loading={loading} pagination={false} />
      {editing && (
        <CategoryAnnouncementModal
          categoryId={editing.categoryId}
          categoryName={editing.categoryName}
          current={editing.announcement}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
    </ListCard>
  );
}
