import { useEffect, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Tooltip, type TableColumnsType } from "antd";
import type { EmailRecordFieldsFragment } from "../../../gql/graphql";
import { AdminTable, ListToolbar, LoadError } from "../common/list";
import { BusinessDateTime } from "../common/businessTime";
import { useAdminAction } from "../common/useAdminAction";
import { STATUS_TAGS } from "./api";
import { AdminEmailRecordsQuery, AdminResendEmailRecordMutation } from "./operations";
import { FilterSelect } from "../common/FilterSelect";
import { Tag } from "../common/Tag";

type EmailRecord = EmailRecordFieldsFragment;

/** 发送记录: every mail with its status and the SMTP server's answer; search, status filter, 重发. */
export function RecordsPanel({ version }: { version: number }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery(AdminEmailRecordsQuery, {
    variables: { search: search || null, status: status ?? null, page, pageSize },
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const { error, loading, refetch } = query;
  const data = query.data?.adminEmailRecords;
  const reload = () => void refetch();
  const [resend] = useMutation(AdminResendEmailRecordMutation);
  // A send from the 发送邮件 tab shows here at once.
  useEffect(() => {
    if (version) void refetch();
  }, [version, refetch]);
  const act = useAdminAction();
  const columns: TableColumnsType<EmailRecord> = [
    {
      title: "收件人",
      dataIndex: "to",
      width: 200,
      minWidth: 140,
      ellipsis: true,
      render: (v: string | null) => v ?? "-",
    },
    { title: "主题", dataIndex: "subject", width: 200, minWidth: 120, ellipsis: true },
    {
      title: "模板",
      dataIndex: "template",
      width: 140,
      minWidth: 90,
      ellipsis: true,
      render: (v: string | null, r) => v ?? r.kind,
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 110,
      minWidth: 90,
      render: (s: string) => {
        const tag = STATUS_TAGS[s as keyof typeof STATUS_TAGS];
        return tag ? <Tag color={tag.color}>{tag.label}</Tag> : <Tag>{s}</Tag>;
      },
    },
    {
      title: "SMTP应答",
      dataIndex: "smtpResponse",
      width: 200,
      minWidth: 120,
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : "-"),
    },
    { title: "尝试次数", dataIndex: "attempts", width: 90, minWidth: 70 },
    {
      title: "时间",
      dataIndex: "createdAt",
      width: 150,
      minWidth: 120,
      render: (v: string) => <BusinessDateTime value={v} />,
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      width: 80,
      minWidth: 70,
      render: (_, r) =>
        r.kind === "password-reset" ? (
          <Tooltip title="验证码邮件不能重发">
            <span style={{ color: "#bfbfbf" }}>重发</span>
          </Tooltip>
        ) : (
          <Button
            type="link"
            size="small"
            disabled={!r.to}
            onClick={() => act(() => resend({ variables: { id: r.id } }), "已重新加入发送队列").then(reload)}
          >
            重发
          </Button>
        ),
    },
  ];
  return (
    <>
      <LoadError error={error} />
      <ListToolbar
        placeholder="搜索收件人、主题或模板"
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
      >
        <FilterSelect
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
          options={Object.entries(STATUS_TAGS).map(([value, t]) => ({ value, label: t.label }))}
        />
        <Button onClick={reload}>刷新</Button>
      </ListToolbar>
      <AdminTable
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        locale={{
          emptyText:
            search || status
              ? "没有符合条件的记录"
              : "还没有发送过邮件：在「发送邮件」中选择模板发送，或在「SMTP设置」中发送测试邮件",
        }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条数据`,
          onChange: (p, s) => (setPage(s !== pageSize ? 1 : p), setPageSize(s)),
        }}
      />
    </>
  );
}
