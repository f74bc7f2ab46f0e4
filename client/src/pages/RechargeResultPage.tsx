import { useSearchParams } from "react-router";
import { RechargeResult } from "../features/payments/RechargeResult";
import { usePageTitle } from "../features/site/useSiteInfo";
import accountStyles from "../features/account/account.module.css";

export default function RechargeResultPage() {
  usePageTitle("充值结果");
  const [params] = useSearchParams();
  const orderNo = params.get("order_no") ?? "";
  return (
    <div className={accountStyles.page}>
      {orderNo ? <RechargeResult orderNo={orderNo} /> : <section className={accountStyles.card}>缺少订单号</section>}
    </div>
  );
}
