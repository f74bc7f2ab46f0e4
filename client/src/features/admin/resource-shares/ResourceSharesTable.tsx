import { CatalogItemsTable, type CatalogItemsAdmin } from "../catalog-items/CatalogItemsTable";
import {
  AdminResourceShareIdsQuery,
  AdminResourceSharesQuery,
  DeleteResourceSharesMutation,
  ReorderResourceSharesMutation,
  SetResourceShareActiveMutation,
} from "./operations";
import type {
  AdminResourceShareFieldsFragment,
  AdminResourceShareIdsQuery as IdsData,
  AdminResourceSharesQuery as ListData,
} from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";

const ResourceShareFormModal = lazyDialog(() =>
  import("./ResourceShareFormModal").then((m) => m.ResourceShareFormModal),
);

const ADMIN: CatalogItemsAdmin<AdminResourceShareFieldsFragment, ListData, IdsData> = {
  listQuery: AdminResourceSharesQuery,
  idsQuery: AdminResourceShareIdsQuery,
  page: (d) => d.adminResourceShares,
  pageIds: (d) => d.adminResourceShares.items,
  setActiveMutation: SetResourceShareActiveMutation,
  deleteMutation: DeleteResourceSharesMutation,
  reorderMutation: ReorderResourceSharesMutation,
  title: "资源分享列表",
  createText: "新建资源分享",
  searchPlaceholder: "搜索名称或 Bundle ID",
  countNoun: "个资源",
  columns: [],
  actionsWidth: 70,
  Form: ResourceShareFormModal,
};

/** 资源分享管理: search, pagination, create / edit with IPA and icon upload, fees, on/off, reorder, batch delete. */
export function ResourceSharesTable() {
  return <CatalogItemsTable admin={ADMIN} />;
}
