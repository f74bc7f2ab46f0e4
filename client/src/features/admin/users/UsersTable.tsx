import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Popconfirm, Space, type TableColumnsType } from "antd";
import { SearchBox } from "../common/SearchBox";
import { PlusOutlined } from "@ant-design/icons";
import { dateColumn } from "../common/columns";
import { AdminTable } from "../common/list";
import { errorMessage } from "../../../shared/graphqlError";
import { useSession } from "../../auth/useSession";
import {
  AdminSetUserDisabledMutation,
  AdminSetUserRoleMutation,
  AdminUsersQuery,
  StaffPermissionsQuery,
} from "./operations";
import { ROLE_OPTIONS } from "./roles";
import type { AdminUserFieldsFragment } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { Panel } from "../common/Panel";
import { FilterSelect } from "../common/FilterSelect";
import { useFeedback } from "../shell/feedback";
import { Tag } from "../common/Tag";

const AdjustWalletModal = lazyDialog(() => import("../wallet/AdjustWalletModal").then((m) => m.AdjustWalletModal));

const StaffPermissionsModal = lazyDialog(() => import("./StaffPermissionsModal").then((m) => m.StaffPermissionsModal));
const CreateUserModal = lazyDialog(() => import("./CreateUserModal").then((m) => m.CreateUserModal));

const PAGE_SIZES = [10, 20, 50, 100];

/** Users: search, pagination, create, disable / enable, change role, grant staff permissions (授权). */
export function UsersTable() {
  const { message } = useFeedback();
  const me = useSession().user;
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [creating, setCreating] = useState(false);
  const [adjusting, setAdjusting] = useState<{ id: string; username: string } | null>(null);
  const [granting, setGranting] = useState<AdminUserFieldsFragment | null>(null);
  const staffPermissions = useQuery(StaffPermissionsQuery).data?.staffPermissions ?? [];
  const labelOf = (key: string) => staffPermissions.find((p) => p.key === key)?.label ?? key;
  const { data, loading, refetch } = useQuery(AdminUsersQuery, {
    variables: { search: search || null, page, pageSize },
  });
  const [setDisabled] = useMutation(AdminSetUserDisabledMutation);
  const [setRole] = useMutation(AdminSetUserRoleMutation);

  async function act(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
  }

  const columns: TableColumnsType<AdminUserFieldsFragment> = [
    { title: "用户名", dataIndex: "username", fixed: "left", width: 140, ellipsis: true },
    { title: "邮箱", dataIndex: "email", width: 200, ellipsis: true, render: (v: string | null) => v || "-" },
    {
      title: "角色",
      dataIndex: "role",
      width: 130,
      minWidth: 120, // the select is 104 px
      render: (role: string, u) => (
        <FilterSelect
          aria-label="角色"
          size="small"
          value={role}
          style={{ width: 104 }}
          disabled={u.id === me?.id}
          options={[...ROLE_OPTIONS]}
          onChange={(next) => next && act(() => setRole({ variables: { id: u.id, role: next } }), "角色已更新")}
        />
      ),
    },
    {
      title: "状态",
      dataIndex: "disabled",
      width: 90,
      minWidth: 80,
      render: (disabled: boolean) =>
        disabled ? <Badge status="error" text="已禁用" /> : <Badge status="success" text="正常" />,
    },
    {
      title: "权限",
      dataIndex: "permissions",
      width: 220,
      render: (perms: string[], u) =>
        u.role === "admin" ? (
          <Tag color="gold">全部</Tag>
        ) : (
          <Space size={[0, 4]} wrap>
            {perms.map((p) => (
              <Tag key={p} color="blue">
                {labelOf(p)}
              </Tag>
            ))}
            <Button type="link" size="small" onClick={() => setGranting(u)}>
              授权
            </Button>
          </Space>
        ),
    },
    dateColumn<AdminUserFieldsFragment>("注册时间", "createdAt"),
    dateColumn<AdminUserFieldsFragment>("最后登录", "lastLoginAt"),
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      width: 160,
      render: (_, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setAdjusting({ id: u.id, username: u.username })}>
            调整余额
          </Button>
          {u.id === me?.id ? (
            <span style={{ color: "#bfbfbf" }}>当前账号</span>
          ) : (
            <Popconfirm
              title={u.disabled ? "启用该用户？" : "禁用该用户？"}
              description={u.disabled ? undefined : "禁用后该用户将无法登录"}
              okText="确定"
              cancelText="取消"
              onConfirm={() =>
                act(
                  () => setDisabled({ variables: { id: u.id, disabled: !u.disabled } }),
                  u.disabled ? "已启用" : "已禁用",
                )
              }
            >
              <Button type="link" size="small" danger={!u.disabled}>
                {u.disabled ? "启用" : "禁用"}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Panel
      title="用户列表"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建用户
        </Button>
      }
    >
      <Space style={{ marginBottom: 16, width: "100%" }} direction="vertical">
        <SearchBox
          placeholder="搜索用户名或邮箱"
          enterButton="搜索"
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
      </Space>
      <AdminTable
        columns={columns}
        dataSource={data?.adminUsers.items ?? []}
        loading={loading}
        pagination={{
          current: page,
          pageSize,
          total: data?.adminUsers.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => `共 ${total} 条数据`,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== pageSize ? 1 : nextPage);
            setPageSize(nextSize);
          },
        }}
      />
      {granting && (
        <StaffPermissionsModal
          user={granting}
          options={staffPermissions}
          onClose={() => {
            setGranting(null);
            void refetch();
          }}
        />
      )}
      {adjusting && <AdjustWalletModal user={adjusting} onClose={() => setAdjusting(null)} />}
      <CreateUserModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void refetch();
        }}
      />
    </Panel>
  );
}
