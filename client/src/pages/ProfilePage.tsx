import { AccountSummary } from "../features/account/AccountSummary";
import { useSearchParams } from "react-router";
import { RechargeCard } from "../features/payments/RechargeCard";
import { RedeemCardKeyCard } from "../features/card-keys/RedeemCardKeyCard";
import { RechargeResult } from "../features/payments/RechargeResult";
import { LoginMethods } from "../features/auth/oauth/LoginMethods";
import { LogoutButton } from "../features/auth/LogoutButton";
import { usePageTitle } from "../features/site/useSiteInfo";
import { WalletCard } from "../features/wallet/WalletCard";
import { MyDevicesCard } from "../features/udid/MyDevicesCard";
import { NotificationsCard } from "../features/notifications/NotificationsCard";
import styles from "../features/account/account.module.css";

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
      <RechargeCard />
      <RedeemCardKeyCard />
      <NotificationsCard />
      <LoginMethods />
      <LogoutButton className={styles.logout}>退出登录</LogoutButton>
    </div>
  );
}
