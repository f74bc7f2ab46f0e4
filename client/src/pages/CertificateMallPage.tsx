import { useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { useSession } from "../features/auth/useSession";
import { saveRedirectFrom } from "../features/auth/loginTarget";
import { choicePath, readChoice, saveChoice, type MallChoice } from "../features/mall/labels";
import { MallOrderCard } from "../features/mall/MallOrderCard";
import { GuestRedeemCard } from "../features/mall/GuestRedeemCard";
import { BuyBar } from "../features/mall/BuyBar";
import { DevicePicker } from "../features/mall/DevicePicker";
import { MyMallOrders } from "../features/mall/MyMallOrders";
import { PackagePicker, PlanPicker } from "../features/mall/ProductPickers";
import { RedeemCard } from "../features/mall/RedeemCard";
import { RenewCard } from "../features/mall/RenewCard";
import { Skeletons } from "../features/mall/Skeletons";
import {
  CertificatePackagesQuery,
  CreateCertificateOrderMutation,
  MyMallOrdersQuery,
  RenewCertificateOrderMutation,
} from "../features/mall/operations";
import { usePageTitle } from "../features/site/useSiteInfo";
import { startCapture } from "../features/udid/flow";
import { MyDevicesQuery } from "../features/udid/operations";
import { errorCode, errorMessage } from "../shared/graphqlError";
import styles from "../features/mall/mall.module.css";

/**
 * 证书商城 (/certificate, /certificate-mall): pick a package and a plan, pick the device (a bound UDID, or capture one
 * and come back with the choice kept), buy (余额支付, or top up and come back), then follow the order live until the
 * certificate is delivered into 证书管理. `?renew=<order id>` offers a discounted renewal of a delivered order. The
 * choice lives in the URL (and session storage for the way back from the UDID capture or login); the steps are parts
 * of features/mall.
 */
export default function CertificateMallPage() {
  usePageTitle("证书商城");
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { token } = useSession();
  const [choice, setChoiceState] = useState<MallChoice>(() => readChoice(search));
  const [error, setError] = useState<string | null>(null);
  const renewId = new URLSearchParams(search).get("renew");

  const packages = useQuery(CertificatePackagesQuery, { fetchPolicy: "cache-and-network" });
  const devices = useQuery(MyDevicesQuery, { skip: !token, fetchPolicy: "network-only" });
  const orders = useQuery(MyMallOrdersQuery, {
    skip: !token,
    variables: { page: 1, pageSize: 10 },
    fetchPolicy: "cache-and-network",
  });
  const [createOrder, creating] = useMutation(CreateCertificateOrderMutation);
  const [renewOrder, renewing] = useMutation(RenewCertificateOrderMutation);

  const setChoice = (next: MallChoice) => {
    setChoiceState(next);
    saveChoice(next);
    void navigate(choicePath(pathname, next), { replace: true });
  };
  // The URL may change under the page (back from the UDID capture, a site message's link).
  useEffect(() => setChoiceState(readChoice(search)), [search]);

  const list = packages.data?.certificatePackages ?? [];
  const pkg = list.find((p) => p.id === choice.packageId) ?? (list.length === 1 ? list[0] : undefined);
  const plan = pkg?.plans.find((p) => p.id === choice.planId);
  const myDevices = devices.data?.myDevices ?? [];
  const device = myDevices.find((d) => d.id === choice.deviceId) ?? (myDevices.length === 1 ? myDevices[0] : undefined);
  const ready = !!(pkg && plan && device);

  // A plan that is no longer on sale (switched off, sold out) drops out of the choice.
  const planGone = useMemo(() => !!choice.planId && !!packages.data && !plan, [choice.planId, packages.data, plan]);

  function login() {
    saveRedirectFrom(choicePath(pathname, choice));
    void navigate("/login");
  }

  function captureDevice() {
    const back = choicePath(pathname, { ...choice, deviceId: undefined, orderNo: undefined });
    saveChoice({ ...choice, orderNo: undefined });
    void startCapture(back, () => void navigate(`/udid/guide?back=${encodeURIComponent(back)}`));
  }

  async function buy() {
    if (!pkg || !plan || !device) return;
    setError(null);
    try {
      const { data } = await createOrder({ variables: { planId: plan.id, deviceId: device.id } });
      setChoice({
        packageId: pkg.id,
        planId: plan.id,
        deviceId: device.id,
        orderNo: data!.createCertificateOrder.orderNo,
      });
      void orders.refetch();
    } catch (e) {
      setError(errorMessage(e));
      if (["CERT_PLAN_UNAVAILABLE", "CERT_PLAN_SOLD_OUT"].includes(errorCode(e) ?? "")) void packages.refetch();
    }
  }

  async function renew() {
    if (!renewId) return;
    setError(null);
    try {
      const { data } = await renewOrder({ variables: { orderId: renewId } });
      setChoice({ ...choice, orderNo: data!.renewCertificateOrder.orderNo });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  if (choice.orderNo && token) {
    return (
      <div className={styles.page}>
        <MallOrderCard
          orderNo={choice.orderNo}
          onClose={() => {
            setChoice({ packageId: choice.packageId });
            void orders.refetch();
          }}
        />
      </div>
    );
  }

  const myOrders = orders.data?.myMallOrders.items ?? [];
  // What follows step 1 (the plan and device steps, redeeming, the orders) appears once the packages are known, all at
  // once: appearing under the list while it loads, it would jump down when the list and the next steps arrive.
  const settled = !!packages.data || !!packages.error;
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.title}>证书商城</h1>
        <p className={styles.hint}>
          为您的设备购买签名证书：选择套餐与方案、绑定设备，支付后自动交付到「证书管理」，可直接用于签名。
        </p>
      </section>

      {renewId && token && <RenewCard loading={renewing.loading} onRenew={() => void renew()} />}

      <section className={styles.card} aria-labelledby="pkg-title">
        <h2 id="pkg-title" className={styles.sectionTitle}>
          <span className={styles.stepNo}>1</span>选择套餐
        </h2>
        {packages.error && <p className={styles.error}>{errorMessage(packages.error)}</p>}
        {!packages.data && packages.loading && <Skeletons n={3} />}
        {packages.data && list.length === 0 && <p className={styles.empty}>暂无在售的证书套餐</p>}
        <PackagePicker
          packages={list}
          selected={pkg}
          onPick={(p) => setChoice({ ...choice, packageId: p.id, planId: undefined, orderNo: undefined })}
        />
      </section>

      {pkg && (
        <section className={styles.card} aria-labelledby="plan-title">
          <h2 id="plan-title" className={styles.sectionTitle}>
            <span className={styles.stepNo}>2</span>选择方案
          </h2>
          {planGone && <p className={styles.error}>您之前选择的方案已下架或售罄，请重新选择</p>}
          <PlanPicker
            plans={pkg.plans}
            selected={plan}
            onPick={(p) => setChoice({ ...choice, packageId: pkg.id, planId: p.id, orderNo: undefined })}
          />
        </section>
      )}

      {settled && (
        <>
          {(pkg || token) && (
            <section className={styles.card} aria-labelledby="device-title">
              <h2 id="device-title" className={styles.sectionTitle}>
                <span className={styles.stepNo}>3</span>选择设备
              </h2>
              <DevicePicker
                loggedIn={!!token}
                devices={devices.data ? myDevices : null}
                loading={devices.loading}
                error={devices.error}
                selected={device}
                onPick={(d) => setChoice({ ...choice, deviceId: d.id, orderNo: undefined })}
                onLogin={login}
                onCapture={captureDevice}
              />
            </section>
          )}

          {token && (
            <RedeemCard
              deviceId={device?.id}
              onRedeemed={(deviceId, orderNo) => {
                setChoice({ ...choice, deviceId, orderNo });
                void orders.refetch();
              }}
            />
          )}

          {!token && <GuestRedeemCard capturePath={pathname} />}

          {token && myOrders.length > 0 && (
            <MyMallOrders orders={myOrders} onOpen={(orderNo) => setChoice({ ...choice, orderNo })} />
          )}
        </>
      )}

      {pkg && (
        <BuyBar
          price={plan?.price}
          error={error}
          loggedIn={!!token}
          ready={ready}
          buying={creating.loading}
          onBuy={() => void buy()}
          onLogin={login}
        />
      )}
    </div>
  );
}
