import { AccountSummary } from "../features/account/AccountSummary";
import { useSearchParams } from "react-router";
import { RechargeCard } from "../features/payments/RechargeCard";
import { RedeemCardKeyCard } from "../features/card-keys/RedeemCardKeyCard";
import { RechargeResult } from "../features/payments/RechargeResult";
import { ChangePasswordForm } from "../features/auth/ChangePasswordForm";
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
      <section className={styles.card} aria-labelledby="change-password-title">
        <h2 id="change-password-title" className={styles.cardTitle}>
          修改密码
        </h2>
        <ChangePasswordForm />
      </section>
      <LogoutButton className={styles.logout}>退出登录</LogoutButton>
    </div>
  );
}
