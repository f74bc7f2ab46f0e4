import { useState } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space, type TableColumnsType } from "antd";
import type { AdminSoftwareSourceFieldsFragment } from "../../../gql/graphql";
import { NameCell } from "../common/cells";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { FORMAT_NAMES, StatusTag } from "./labels";
import {
  AdminDeleteSoftwareSourceMutation,
  AdminRefreshSoftwareSourceMutation,
  AdminSoftwareSourcesQuery,
} from "./operations";
import { Tag } from "../common/Tag";

type Source = AdminSoftwareSourceFieldsFragment;
const EMPTY: Source[] = [];

/** 软件源管理: every site source with its format, app count, last fetch; view, edit, refresh, delete. */
export function SourcesList() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [q, setQ] = useState("");
  const { data, loading, error, refetch } = useQuery(AdminSoftwareSourcesQuery, {
    variables: { page, pageSize, q: q || null },
    fetchPolicy: "cache-and-network",
  });
  const [remove] = useMutation(AdminDeleteSoftwareSourceMutation);
  const [refresh] = useMutation(AdminRefreshSoftwareSourceMutation);
  const act = useAdminAction();
  const list = data?.adminSoftwareSources;
  const columns: TableColumnsType<Source> = [
    { title: "排序", dataIndex: "sortOrder", width: 64 },
    {
      title: "名称",
      key: "name",
      width: 220,
      render: (_, s) => <NameCell icon={s.iconUrl} name={s.name} sub={s.url ?? "上传的内容"} />,
    },
    { title: "格式", dataIndex: "format", width: 90, render: (f: string | null) => (f ? (FORMAT_NAMES[f] ?? f) : "-") },
    { title: "应用数", dataIndex: "appCount", width: 80 },
    { title: "状态", key: "status", width: 90, render: (_, s) => <StatusTag status={s.status} /> },
    {
      title: "启用",
      dataIndex: "enabled",
      width: 70,
      render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    dateColumn("最近成功", "lastSuccessAt"),
    actionsColumn(220, (s) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => navigate(`/admin/software-sources/${s.id}`)}>
          查看
        </Button>
        <Button type="link" size="small" onClick={() => navigate(`/admin/software-sources/${s.id}/edit`)}>
          编辑
        </Button>
        {s.url && (
          <Button
            type="link"
            size="small"
            onClick={() => act(() => refresh({ variables: { id: s.id } }).then(() => refetch()), "已开始刷新")}
          >
            刷新
          </Button>
        )}
        <Popconfirm
          title={`删除「${s.name}」及其应用列表？`}
          okText="删除"
          cancelText="取消"
          onConfirm={() => act(() => remove({ variables: { id: s.id } }).then(() => refetch()), "已删除")}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    )),
  ];
  return (
    <ListCard
      title="软件源"
      createText="添加软件源"
      onCreate={() => navigate("/admin/software-sources/add")}
      error={error}
    >
      <ListToolbar placeholder="名称或地址" onSearch={(v) => (setQ(v.trim()), setPage(1))} />
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
    </ListCard>
  );
}
