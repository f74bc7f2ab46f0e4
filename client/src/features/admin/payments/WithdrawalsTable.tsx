import { useState } from "react";
import { useQuery } from "@apollo/client/react";
import { Button, Space, type TableColumnsType } from "antd";
import { BusinessDateTime } from "../common/businessTime";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard, ListToolbar } from "../common/list";
import { usePaging } from "../common/usePaging";
import { AdminWithdrawalsQuery } from "./operations";
import { WITHDRAW_CHANNEL_LABELS, WITHDRAW_STATUS_LABELS } from "./labels";
import type { Review } from "./ReviewWithdrawalModal";
import type { AdminWithdrawalFieldsFragment as Row } from "../../../gql/graphql";
import { lazyDialog } from "../common/lazyDialog";
import { FilterSelect } from "../common/FilterSelect";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

const ReviewWithdrawalModal = lazyDialog(() => import("./ReviewWithdrawalModal").then((m) => m.ReviewWithdrawalModal));

/**
 * 提现审核: every withdrawal request, pending ones first by default; 通过 / 驳回 for a pending one, then the list (and
 * the tab's count, through `onReviewed`) reloads.
 */
export function WithdrawalsTable({ onReviewed }: { onReviewed?: () => void }) {
  const paging = usePaging();
  const [status, setStatus] = useState<string | undefined>("pending");
  const [open, setOpen] = useState<{ row: Row; review: Review } | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminWithdrawalsQuery, {
    variables: { page: paging.page, pageSize: paging.pageSize, status: status ?? null, search: paging.search || null },
    fetchPolicy: "cache-and-network",
  });
  const page = data?.adminWithdrawals;

  const columns: TableColumnsType<Row> = [
    {
      title: "提现单号",
      dataIndex: "withdrawNo",
      width: 180,
      minWidth: 150,
      render: (n: string) => <Text copyable>{n}</Text>,
    },
    {
      title: "用户",
      dataIndex: "username",
      width: 130,
      minWidth: 100,
      ellipsis: true,
      render: (u: string, r) => <span title={`ID ${r.userId}`}>{u}</span>,
    },
    {
      title: "金额",
      dataIndex: "amount",
      width: 100,
      minWidth: 80,
      render: (v: number) => <strong>¥{v.toFixed(2)}</strong>,
    },
    {
      title: "收款信息",
      key: "payee",
      width: 230,
      minWidth: 160,
      render: (_, r) => (
        <>
          <div>
            <Tag>{WITHDRAW_CHANNEL_LABELS[r.channel] ?? r.channel}</Tag>
            <span title="真实姓名">{r.realName}</span>
          </div>
          <Text
            copyable={{ text: r.account }}
            style={{ display: "block", marginTop: 4, wordBreak: "break-all" }}
            title="收款账号"
          >
            {r.account}
          </Text>
        </>
      ),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 150,
      minWidth: 90,
      render: (s: string, r) => (
        <>
          <Tag color={WITHDRAW_STATUS_LABELS[s]?.color}>{WITHDRAW_STATUS_LABELS[s]?.text ?? s}</Tag>
          {r.status === "rejected" && r.reviewNote && (
            <Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              原因：{r.reviewNote}
            </Text>
          )}
          {r.status === "approved" && r.payoutRef && (
            <Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              打款单号：{r.payoutRef}
            </Text>
          )}
        </>
      ),
    },
    dateColumn("申请时间", "createdAt"),
    {
      title: "审核",
      key: "review",
      width: 150,
      minWidth: 92,
      render: (_, r) =>
        r.reviewedAt ? (
          <>
            <BusinessDateTime value={r.reviewedAt} />
            <Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              {r.reviewedBy ?? "-"}
            </Text>
          </>
        ) : (
          "-"
        ),
    },
    actionsColumn(130, (r) =>
      r.status === "pending" ? (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpen({ row: r, review: "approve" })}>
            通过
          </Button>
          <Button type="link" size="small" danger onClick={() => setOpen({ row: r, review: "reject" })}>
            驳回
          </Button>
        </Space>
      ) : (
        <Text type="secondary">已处理</Text>
      ),
    ),
  ];

  return (
    <ListCard title="提现审核" error={error}>
      <ListToolbar placeholder="提现单号 / 用户名 / 用户ID" onSearch={paging.onSearch}>
        <FilterSelect
          placeholder="全部状态"
          aria-label="状态"
          style={{ width: 140 }}
          value={status}
          onChange={paging.filtered(setStatus)}
          options={Object.entries(WITHDRAW_STATUS_LABELS).map(([value, l]) => ({ value, label: l.text }))}
        />
      </ListToolbar>
      <AdminTable<Row>
        columns={columns}
        dataSource={page?.items ?? []}
        loading={loading}
        pagination={paging.pagination(page?.total ?? 0)}
      />
      {open && (
        <ReviewWithdrawalModal
          row={open.row}
          review={open.review}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            void refetch();
            onReviewed?.();
          }}
        />
      )}
    </ListCard>
  );
}
