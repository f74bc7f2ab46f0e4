import { useState } from "react";
import { Button } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { downloadWithToken } from "../../../shared/download";
import { useAdminAction } from "../common/useAdminAction";
import { CatalogItemsTable, type CatalogItemsAdmin } from "../catalog-items/CatalogItemsTable";
import {
  AdminDylibIdsQuery,
  AdminDylibsQuery,
  DeleteDylibsMutation,
  ReorderDylibsMutation,
  SetDylibActiveMutation,
} from "./operations";
import type {
  AdminDylibFieldsFragment,
  AdminDylibIdsQuery as IdsData,
  AdminDylibsQuery as ListData,
} from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";

const DylibFormModal = lazyDialog(() => import("./DylibFormModal").then((m) => m.DylibFormModal));

type Admin = CatalogItemsAdmin<AdminDylibFieldsFragment, ListData, IdsData>;

const ADMIN: Omit<Admin, "actions"> = {
  listQuery: AdminDylibsQuery,
  idsQuery: AdminDylibIdsQuery,
  page: (d) => d.adminDylibs,
  pageIds: (d) => d.adminDylibs.items,
  setActiveMutation: SetDylibActiveMutation,
  deleteMutation: DeleteDylibsMutation,
  reorderMutation: ReorderDylibsMutation,
  title: "动态库列表",
  createText: "新建动态库",
  searchPlaceholder: "搜索名称、Bundle ID 或标签",
  countNoun: "个动态库",
  columns: [
    { title: "作者", dataIndex: "author", width: 110, ellipsis: true, render: (v: string) => v || "-" },
    { title: "分类", dataIndex: "category", width: 100, ellipsis: true, render: (v: string) => v || "-" },
    {
      title: "标签",
      dataIndex: "tags",
      width: 180,
      render: (tags: string[]) => (tags.length ? tags.map((t) => <Tag key={t}>{t}</Tag>) : "-"),
    },
  ],
  actionsWidth: 130,
  Form: DylibFormModal,
};

/** 动态库管理: the catalogue-item list with author, category and tags, plus downloading a dylib's file. */
export function DylibsTable() {
  const act = useAdminAction();
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(d: AdminDylibFieldsFragment) {
    setDownloading(d.id);
    await act(() => downloadWithToken(`/api/dylib-management/download/${d.id}`, `${d.name}.dylib`));
    setDownloading(null);
  }

  const actions: Admin["actions"] = (d) => (
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
  );
  return <CatalogItemsTable admin={{ ...ADMIN, actions }} />;
}
