import { useMemo } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, type TableColumnsType } from "antd";
import { PlusOutlined, UndoOutlined } from "@ant-design/icons";
import { RowDeleteButton } from "../common/BatchDeleteButton";
import { actionsColumn } from "../common/columns";
import { AdminTable, LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useEditor } from "../common/useEditor";
import { useRowOrder } from "../common/useRowOrder";
import styles from "../common/common.module.css";
import {
  AdminCategoriesQuery,
  DeleteCategoryMutation,
  ReorderCategoriesMutation,
  ResetDefaultCategoriesMutation,
} from "./operations";
import type { AdminCategoryFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";

const CategoryFormModal = lazyDialog(() => import("./CategoryFormModal").then((m) => m.CategoryFormModal));

const EMPTY: AdminCategoryFieldsFragment[] = [];

/**
 * 分类管理: the real categories in home-bar order (drag or move to reorder), create, edit, delete, 恢复默认.
 * The built-in 动态库 and 资源分享 are listed for reference; they cannot be changed.
 */
export function CategoriesPanel() {
  const act = useAdminAction();
  const { data, loading, error, refetch } = useQuery(AdminCategoriesQuery, { notifyOnNetworkStatusChange: true });
  const [remove] = useMutation(DeleteCategoryMutation);
  const [reorder] = useMutation(ReorderCategoriesMutation);
  const [reset, { loading: resetting }] = useMutation(ResetDefaultCategoriesMutation);
  const all = data?.categories ?? EMPTY;
  const real = useMemo(() => all.filter((c) => !c.builtIn), [all]);
  const builtIn = useMemo(() => all.filter((c) => c.builtIn), [all]);
  const refresh = () => refetch();
  const editor = useEditor<AdminCategoryFieldsFragment>(refresh);
  const order = useRowOrder(real, (ids) => act(() => reorder({ variables: { ids } }).then(refresh), "排序已保存"));
  const rows = [...order.rows, ...builtIn];

  const columns: TableColumnsType<AdminCategoryFieldsFragment> = [
    {
      title: "排序",
      key: "order",
      width: order.width,
      render: (_, c, i) => (c.builtIn ? <span className={styles.sub}>固定在后</span> : order.controls(c, i)),
    },
    {
      title: "显示名称",
      dataIndex: "displayName",
      width: 160,
      render: (v: string, c) => (
        <span>
          {v} {c.builtIn && <Tag color="blue">内置</Tag>}
        </span>
      ),
    },
    { title: "名称", dataIndex: "name", width: 160, ellipsis: true },
    { title: "权重", dataIndex: "weigh", width: 80, render: (v: number, c) => (c.builtIn ? "-" : v) },
    actionsColumn(120, (c) =>
      c.builtIn ? (
        <span className={styles.sub}>不可修改</span>
      ) : (
        <>
          <Button type="link" size="small" onClick={() => editor.open(c)}>
            编辑
          </Button>
          <RowDeleteButton
            title="删除分类"
            description={`确定删除「${c.displayName}」吗？分类下还有应用时不能删除`}
            onConfirm={() => act(() => remove({ variables: { id: c.id } }).then(refresh), "分类已删除")}
          />
        </>
      ),
    ),
  ];

  return (
    <>
      <LoadError error={error} />
      <div className={styles.toolbar}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)}>
          新建分类
        </Button>
        <Popconfirm
          title="恢复默认分类"
          description="将恢复 默认、游戏、工具、影音、社交 并排在最前；其他分类保留在后面。确定吗？"
          okText="恢复默认"
          cancelText="取消"
          onConfirm={() => act(() => reset().then(refresh), "已恢复默认分类")}
        >
          <Button icon={<UndoOutlined />} loading={resetting}>
            恢复默认
          </Button>
        </Popconfirm>
        <span className={styles.hint}>拖动 ⠿ 或点上移 / 下移调整首页分类栏顺序</span>
      </div>
      <AdminTable
        columns={columns}
        dataSource={rows}
        loading={loading || order.saving}
        onRow={(c) => (c.builtIn ? {} : order.rowProps(c))}
        pagination={false}
      />
      {editor.current && (
        <CategoryFormModal category={editor.current.item} onClose={editor.close} onSaved={editor.saved} />
      )}
    </>
  );
}
