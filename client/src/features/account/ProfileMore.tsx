import { RechargeCard } from "../payments/RechargeCard";
import { WalletTransactions } from "../wallet/WalletTransactions";
import { RedeemCardKeyCard } from "../card-keys/RedeemCardKeyCard";
import { LoginMethods } from "../auth/oauth/LoginMethods";
import { LogoutButton } from "../auth/LogoutButton";
import { NotificationsCard } from "../notifications/NotificationsCard";
import styles from "./account.module.css";

/**
 * The lower part of /profile (交易记录, 充值, 卡密兑换, 站内消息, 登录方式, 退出登录): its own chunk, loaded after the
 * first screen (account, wallet, devices), which then needs a third of the code.
 */
export default function ProfileMore() {
  return (
    <>
      <WalletTransactions />
      <RechargeCard />
      <RedeemCardKeyCard />
      <NotificationsCard />
      <LoginMethods />
      <LogoutButton className={styles.logout}>退出登录</LogoutButton>
    </>
  );
}
