import { Badge } from "antd";
import { useQuery } from "@apollo/client/react";
import { useSearchParams } from "react-router";
import { PaymentMethodsTable } from "./PaymentMethodsTable";
import { RechargeOrdersTable } from "./RechargeOrdersTable";
import { WithdrawalsTable } from "./WithdrawalsTable";
import { PendingWithdrawalsCountQuery } from "./operations";
import { PageTabs } from "../common/PageTabs";

const TABS = ["methods", "recharges", "withdrawals"] as const;

/** 支付管理: the payment methods, the recharge records and 提现审核 (with the count waiting), one tab each; the open tab is kept in ?tab=. */
export function PaymentsTabs() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab");
  const active = (TABS as readonly string[]).includes(tab ?? "") ? tab! : "methods";
  const pending = useQuery(PendingWithdrawalsCountQuery, { fetchPolicy: "cache-and-network" });
  const waiting = pending.data?.adminWithdrawals.total ?? 0;
  return (
    <PageTabs
      activeKey={active}
      onChange={(key) => setParams(key === "methods" ? {} : { tab: key }, { replace: true })}
      items={[
        { key: "methods", label: "支付方式", children: <PaymentMethodsTable /> },
        { key: "recharges", label: "充值记录", children: <RechargeOrdersTable /> },
        {
          key: "withdrawals",
          label: (
            <span>
              提现审核 <Badge count={waiting} size="small" title={`${waiting} 笔待审核`} />
            </span>
          ),
          children: <WithdrawalsTable onReviewed={() => void pending.refetch()} />,
        },
      ]}
    />
  );
}
