import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Drawer, type TableColumnsType } from "antd";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { usePaging } from "../common/usePaging";
import type { AdminCardKeysQuery as CodesResult } from "../../../gql/graphql";
import { CARD_KEY_STATUS } from "./labels";
import { AdminCardKeysQuery, SetCardKeyDisabledMutation } from "./operations";
import { Tag } from "../common/Tag";

type Code = CodesResult["adminCardKeys"]["items"][number];

/** 批次 N 的卡密: a batch's codes in a drawer (CardKeyBatchesTable loads it when first opened). */
export function CodesDrawer({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  return (
    <Drawer title={`批次 ${batchId} 的卡密`} open onClose={onClose} width={640}>
      <CodesList batchId={batchId} />
    </Drawer>
  );
}

/** The codes of one batch: hint, status, who redeemed it and when; disable / enable one code. */
function CodesList({ batchId }: { batchId: string }) {
  const { page, pageSize, pagination } = usePaging();
  const { data, loading, error, refetch } = useQuery(AdminCardKeysQuery, {
    variables: { batchId, page, pageSize },
    fetchPolicy: "network-only",
  });
  const [setDisabled] = useMutation(SetCardKeyDisabledMutation);
  const act = useAdminAction();
  const list = data?.adminCardKeys;
  const columns: TableColumnsType<Code> = [
    { title: "卡密", dataIndex: "hint", width: 170, render: (h: string) => <code>{h}</code> },
    {
      title: "状态",
      dataIndex: "status",
      width: 80,
      render: (s: string) => <Tag color={CARD_KEY_STATUS[s]?.color}>{CARD_KEY_STATUS[s]?.text ?? s}</Tag>,
    },
    {
      title: "兑换用户",
      dataIndex: "redeemedByUsername",
      width: 120,
      render: (u: string | null, c) => (u ? `${u}（${c.redeemedBy}）` : "-"),
    },
    dateColumn("兑换时间", "redeemedAt"),
    actionsColumn(80, (c) =>
      c.status === "redeemed" ? null : (
        <Button
          type="link"
          size="small"
          danger={!c.disabled}
          onClick={() =>
            act(
              () => setDisabled({ variables: { id: c.id, disabled: !c.disabled } }).then(() => refetch()),
              c.disabled ? "已启用" : "已停用",
            )
          }
        >
          {c.disabled ? "启用" : "停用"}
        </Button>
      ),
    ),
  ];
  return (
    <>
      <LoadError error={error} />
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? []}
        loading={loading}
        pagination={pagination(list?.total ?? 0, { unit: "个", sizes: false })}
      />
    </>
  );
}
