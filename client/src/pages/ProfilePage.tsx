import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { AccountSummary } from "../features/account/AccountSummary";
import { RechargeResult } from "../features/payments/RechargeResult";
import { usePageTitle } from "../features/site/useSiteInfo";
import { WalletCard } from "../features/wallet/WalletCard";
import { MyDevicesCard } from "../features/udid/MyDevicesCard";
import styles from "../features/account/account.module.css";

const ProfileMore = lazy(() => import("../features/account/ProfileMore"));

export default function ProfilePage() {
  usePageTitle("个人主页");
  // The payment gateway sends the payer back here with the recharge order (return_url): its result, followed live.
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  return (
    <div className={styles.page}>
      {orderNo && <RechargeResult orderNo={orderNo} />}
      <AccountSummary />
      <WalletCard />
      <MyDevicesCard />
      <Suspense fallback={null}>
        <ProfileMore />
      </Suspense>
    </div>
  );
}
