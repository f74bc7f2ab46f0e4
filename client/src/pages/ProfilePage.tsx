import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { AccountSummary } from "../features/account/AccountSummary";
import { RechargeResult } from "../features/payments/RechargeResult";
import { usePageTitle } from "../features/site/useSiteInfo";
import { WalletCard } from "../features/wallet/WalletCard";
import { MyDevicesCard } from "../features/udid/MyDevicesCard";
import styles from "../features/account/account.module.css";
import { whenIdle } from "../shared/whenIdle";

const loadProfileMore = () => import("../features/account/ProfileMore");
const ProfileMore = lazy(loadProfileMore);

/**
 * Whether the lower cards may come: at once when the address points at one of them (/profile#recharge), else once the
 * browser is idle after the first screen (at most 1.5 s later), their code loaded first and then rendered as a
 * transition, in slices. They are below the fold; loading them with the first screen held it back (Lighthouse's
 * slow phone: LCP 2.8 s with them, 2.5 s without).
 */
function useLowerCards(): boolean {
  const { hash } = useLocation();
  const [ready, setReady] = useState(false);
  const now = hash !== "";
  useEffect(() => {
    if (ready) return;
    let live = true;
    const show = () =>
      void loadProfileMore().then(() => {
        if (live) startTransition(() => setReady(true));
      });
    let cancel = () => {};
    if (now) show();
    else cancel = whenIdle(show);
    return () => {
      live = false;
      cancel();
    };
  }, [now, ready]);
  return ready;
}

export default function ProfilePage() {
  usePageTitle("个人主页");
  // The payment gateway sends the payer back here with the recharge order (return_url): its result, followed live.
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  const lowerCards = useLowerCards();
  return (
    <div className={styles.page}>
      {orderNo && <RechargeResult orderNo={orderNo} />}
      <AccountSummary />
      <WalletCard />
      <MyDevicesCard />
      {lowerCards && (
        <Suspense fallback={null}>
          <ProfileMore />
        </Suspense>
      )}
    </div>
  );
}
