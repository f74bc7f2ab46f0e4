import { Descriptions, Form, Input, Modal } from "antd";
import { useMutation } from "@apollo/client/react";
import { useAdminAction } from "../common/useAdminAction";
import { ApproveWithdrawalMutation, RejectWithdrawalMutation } from "./operations";
import { WITHDRAW_CHANNEL_LABELS } from "./labels";
import type { AdminWithdrawalFieldsFragment } from "../../../gql/graphql";

export type Review = "approve" | "reject";

interface Values {
  payoutRef?: string;
  reason?: string;
}

/**
 * 通过 (the money was paid out; the transfer's reference is optional) or 驳回 (a reason is required; the amount goes
 * back to the user's balance) for one pending request. Mounted while open.
 */
export function ReviewWithdrawalModal({
  row,
  review,
  onClose,
  onDone,
}: {
  row: AdminWithdrawalFieldsFragment;
  review: Review;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const act = useAdminAction();
  const [approve, { loading: approving }] = useMutation(ApproveWithdrawalMutation);
  const [reject, { loading: rejecting }] = useMutation(RejectWithdrawalMutation);
  const isApprove = review === "approve";

  async function finish(v: Values) {
    const ok = isApprove
      ? await act(
          () => approve({ variables: { id: row.id, payoutRef: v.payoutRef?.trim() || null } }),
          "已通过提现申请",
          "通过失败",
        )
      : await act(
          () => reject({ variables: { id: row.id, reason: (v.reason ?? "").trim() } }),
          "已驳回，金额已退回用户余额",
          "驳回失败",
        );
    if (ok) onDone();
  }

  return (
    <Modal
      open
      title={isApprove ? "通过提现申请" : "驳回提现申请"}
      okText={isApprove ? "确认通过" : "确认驳回"}
      okButtonProps={{ danger: !isApprove }}
      cancelText="取消"
      confirmLoading={approving || rejecting}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: "no", label: "提现单号", children: row.withdrawNo },
          { key: "user", label: "用户", children: row.username },
          { key: "amount", label: "金额", children: <strong>¥{row.amount.toFixed(2)}</strong> },
          {
            key: "to",
            label: "收款",
            children: `${WITHDRAW_CHANNEL_LABELS[row.channel] ?? row.channel} · ${row.account} · ${row.realName}`,
          },
        ]}
      />
      <Form form={form} layout="vertical" onFinish={finish} initialValues={{ payoutRef: "", reason: "" }}>
        {isApprove ? (
          <Form.Item
            name="payoutRef"
            label="打款单号（选填）"
            extra="已向收款账号打款后通过；可填写转账流水号以便核对"
            rules={[{ max: 100, message: "打款单号最多100个字符" }]}
          >
            <Input maxLength={100} autoComplete="off" placeholder="如：支付宝转账订单号" />
          </Form.Item>
        ) : (
          <Form.Item
            name="reason"
            label="驳回原因"
            extra="用户可在提现记录中看到该原因；金额将退回用户余额"
            rules={[
              { required: true, whitespace: true, message: "请填写驳回原因" },
              { max: 200, message: "驳回原因最多200个字符" },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="必填，如：收款账号与实名不符" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
