import { useMutation, useQuery } from "@apollo/client/react";
import { Form, Input, InputNumber } from "antd";
import { formatPrice } from "../../../shared/format";
import { FormModal } from "../common/FormModal";
import { useAdminAction } from "../common/useAdminAction";
import { AdminAdjustWalletMutation, AdminUserWalletQuery } from "./operations";
import { Paragraph } from "../common/Text";

interface Values {
  amount: number | null;
  reason: string;
}

/** 调整余额: a signed amount in yuan (negative takes money) and a required reason, written to the user's ledger. */
export function AdjustWalletModal({ user, onClose }: { user: { id: string; username: string }; onClose: () => void }) {
  const run = useAdminAction();
  const { data } = useQuery(AdminUserWalletQuery, {
    variables: { userId: user.id },
    fetchPolicy: "network-only",
  });
  const [adjust, { loading }] = useMutation(AdminAdjustWalletMutation);
  return (
    <FormModal<Values>
      title={`调整余额：${user.username}`}
      initialValues={{ amount: null, reason: "" }}
      loading={loading}
      onClose={onClose}
      onFinish={async (v) => {
        const ok = await run(
          () =>
            adjust({
              variables: {
                userId: user.id,
                amount: String(v.amount),
                reason: v.reason.trim(),
              },
            }),
          "余额已调整",
          "调整余额失败",
        );
        if (ok) onClose();
      }}
    >
      <Paragraph>
        当前余额：
        <strong data-testid="admin-wallet-balance">
          {data ? `¥${formatPrice(data.adminUserWallet.balance)}` : "…"}
        </strong>
      </Paragraph>
      <Form.Item
        name="amount"
        label="调整金额（元，负数为扣减）"
        rules={[
          { required: true, message: "请输入调整金额" },
          {
            validator: (_, v: number | null) =>
              v === 0 ? Promise.reject(new Error("调整金额不能为0")) : Promise.resolve(),
          },
        ]}
      >
        <InputNumber style={{ width: "100%" }} precision={2} step={1} placeholder="例如 10 或 -5" />
      </Form.Item>
      <Form.Item
        name="reason"
        label="调整原因"
        rules={[{ required: true, whitespace: true, message: "请填写调整原因" }, { max: 200 }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="必填，记入交易记录" />
      </Form.Item>
    </FormModal>
  );
}
