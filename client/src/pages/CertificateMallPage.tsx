import { useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Input } from "antd-mobile";
import { useSession } from "../features/auth/useSession";
import { saveRedirectFrom } from "../features/auth/loginTarget";
import {
  DEVICE_TYPE_LABELS,
  MALL_STATUS_LABELS,
  PACKAGE_KIND_LABELS,
  choicePath,
  readChoice,
  saveChoice,
  type MallChoice,
} from "../features/mall/labels";
import { MallOrderCard } from "../features/mall/MallOrderCard";
import { GuestRedeemCard } from "../features/mall/GuestRedeemCard";
import {
  CertificatePackagesQuery,
  CreateCertificateOrderMutation,
  MyMallOrdersQuery,
  RedeemCertificateCardKeyMutation,
  RenewCertificateOrderMutation,
} from "../features/mall/operations";
import { usePageTitle } from "../features/site/useSiteInfo";
import { startCapture } from "../features/udid/flow";
import { MyDevicesQuery } from "../features/udid/operations";
import { formatDateTime, formatPrice } from "../shared/format";
import { errorCode, errorMessage } from "../shared/graphqlError";
import styles from "../features/mall/mall.module.css";

function Skeletons({ n }: { n: number }) {
  return (
    <div aria-busy="true" aria-label="加载中">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className={styles.skeleton} />
      ))}
    </div>
  );
}

/**
 * 证书商城 (/certificate, /certificate-mall): pick a package and a plan, pick the device (a bound UDID, or capture one
 * and come back with the choice kept), buy (余额支付, or top up and come back), then follow the order live until the
 * certificate is delivered into 证书管理. `?renew=<order id>` offers a discounted renewal of a delivered order.
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
  const [redeemKey, redeeming] = useMutation(RedeemCertificateCardKeyMutation);
  const [code, setCode] = useState("");
  const [redeemError, setRedeemError] = useState<string | null>(null);

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

  async function redeem() {
    if (!device) return setRedeemError("请先选择要绑定的设备");
    setRedeemError(null);
    try {
      const { data } = await redeemKey({ variables: { code: code.trim(), deviceId: device.id } });
      setCode("");
      setChoice({ ...choice, deviceId: device.id, orderNo: data!.redeemCertificateCardKey.orderNo });
      void orders.refetch();
    } catch (e) {
      setRedeemError(errorMessage(e));
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

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.title}>证书商城</h1>
        <p className={styles.hint}>
          为您的设备购买签名证书：选择套餐与方案、绑定设备，支付后自动交付到「证书管理」，可直接用于签名。
        </p>
      </section>

      {renewId && token && (
        <section className={styles.card} aria-labelledby="renew-title">
          <h2 id="renew-title" className={styles.sectionTitle}>
            优惠续费
          </h2>
          <p className={styles.hint}>
            您的证书已超出质保期。续费将为同一设备重新交付同一方案的证书，享受方案的续费优惠。
          </p>
          <Button
            block
            color="primary"
            size="large"
            style={{ marginTop: 12 }}
            loading={renewing.loading}
            onClick={() => void renew()}
          >
            立即续费
          </Button>
        </section>
      )}

      <section className={styles.card} aria-labelledby="pkg-title">
        <h2 id="pkg-title" className={styles.sectionTitle}>
          <span className={styles.stepNo}>1</span>选择套餐
        </h2>
        {packages.error && <p className={styles.error}>{errorMessage(packages.error)}</p>}
        {!packages.data && packages.loading && <Skeletons n={3} />}
        {packages.data && list.length === 0 && <p className={styles.empty}>暂无在售的证书套餐</p>}
        <div className={styles.options} role="radiogroup" aria-labelledby="pkg-title">
          {list.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={pkg?.id === p.id}
              className={`${styles.option} ${pkg?.id === p.id ? styles.optionOn : ""}`}
              onClick={() => setChoice({ ...choice, packageId: p.id, planId: undefined, orderNo: undefined })}
              data-testid="mall-package"
            >
              <span className={styles.optionTop}>
                <span className={styles.optionName}>{p.name}</span>
                <span className={styles.badge}>{PACKAGE_KIND_LABELS[p.kind] ?? p.kind}</span>
              </span>
              {p.description && <span className={styles.optionDesc}>{p.description}</span>}
              <span className={styles.optionMeta}>
                <span>{DEVICE_TYPE_LABELS[p.deviceType] ?? p.deviceType}</span>
                <span>
                  {p.plans.length ? `¥${formatPrice(Math.min(...p.plans.map((x) => x.price)))} 起` : "暂无方案"}
                </span>
              </span>
            </button>
          ))}
        </div>
      </section>

      {pkg && (
        <section className={styles.card} aria-labelledby="plan-title">
          <h2 id="plan-title" className={styles.sectionTitle}>
            <span className={styles.stepNo}>2</span>选择方案
          </h2>
          {planGone && <p className={styles.error}>您之前选择的方案已下架或售罄，请重新选择</p>}
          <div className={styles.options} role="radiogroup" aria-labelledby="plan-title">
            {pkg.plans.map((p) => {
              const soldOut = p.stock !== null && p.stock !== undefined && p.stock <= 0;
              return (
                <button
                  key={p.id}
                  type="button"
                  role="radio"
                  aria-checked={plan?.id === p.id}
                  disabled={soldOut}
                  className={`${styles.option} ${plan?.id === p.id ? styles.optionOn : ""}`}
                  onClick={() => setChoice({ ...choice, packageId: pkg.id, planId: p.id, orderNo: undefined })}
                  data-testid="mall-plan"
                >
                  <span className={styles.optionTop}>
                    <span className={styles.optionName}>{p.name}</span>
                    <span className={styles.optionPrice}>¥{formatPrice(p.price)}</span>
                  </span>
                  <span className={styles.optionMeta}>
                    <span>有效期 {p.durationDays} 天</span>
                    <span>{p.warrantyDays > 0 ? `质保 ${p.warrantyDays} 天` : "无质保"}</span>
                    {p.stock !== null && p.stock !== undefined && <span>{soldOut ? "已售罄" : `剩余 ${p.stock}`}</span>}
                  </span>
                </button>
              );
            })}
          </div>
        </section>
      )}

      {(pkg || token) && (
        <section className={styles.card} aria-labelledby="device-title">
          <h2 id="device-title" className={styles.sectionTitle}>
            <span className={styles.stepNo}>3</span>选择设备
          </h2>
          {!token ? (
            <>
              <p className={styles.hint}>证书绑定到设备的 UDID，请先登录。</p>
              <Button block color="primary" fill="outline" size="large" style={{ marginTop: 12 }} onClick={login}>
                登录后选择设备
              </Button>
            </>
          ) : (
            <>
              {!devices.data && devices.loading && <Skeletons n={1} />}
              {devices.error && <p className={styles.error}>{errorMessage(devices.error)}</p>}
              {devices.data && myDevices.length === 0 && (
                <p className={styles.hint}>
                  还没有绑定设备。用 Safari 获取设备 UDID 后会回到这里，已选的套餐和方案会保留。
                </p>
              )}
              <div className={styles.options} role="radiogroup" aria-labelledby="device-title">
                {myDevices.map((d) => (
                  <button
                    key={d.id}
                    type="button"
                    role="radio"
                    aria-checked={device?.id === d.id}
                    className={`${styles.option} ${device?.id === d.id ? styles.optionOn : ""}`}
                    onClick={() => setChoice({ ...choice, deviceId: d.id, orderNo: undefined })}
                    data-testid="mall-device"
                  >
                    <span className={styles.optionName}>{d.modelName || d.product || "iOS 设备"}</span>
                    <span className={`${styles.optionMeta} ${styles.udid}`}>{d.udid}</span>
                  </button>
                ))}
              </div>
              <Button
                block
                fill="outline"
                color="primary"
                size="large"
                style={{ marginTop: 12 }}
                onClick={captureDevice}
              >
                {myDevices.length ? "获取其他设备的 UDID" : "获取设备 UDID"}
              </Button>
            </>
          )}
        </section>
      )}

      {token && (
        <section className={styles.card} aria-labelledby="redeem-title">
          <h2 id="redeem-title" className={styles.sectionTitle}>
            卡密兑换
          </h2>
          <p className={styles.hint}>有证书卡密？输入卡密，为上方选中的设备兑换对应方案的证书。</p>
          <Input
            className={styles.codeInput}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            value={code}
            onChange={setCode}
            clearable
            aria-label="证书卡密"
          />
          {redeemError && (
            <p className={styles.error} role="alert">
              {redeemError}
            </p>
          )}
          <Button
            block
            color="primary"
            fill="outline"
            size="large"
            style={{ marginTop: 12 }}
            disabled={!code.trim()}
            loading={redeeming.loading}
            onClick={() => void redeem()}
          >
            兑换证书
          </Button>
        </section>
      )}

      {!token && <GuestRedeemCard capturePath={pathname} />}

      {token && (orders.data?.myMallOrders.items.length ?? 0) > 0 && (
        <section className={styles.card} aria-labelledby="orders-title">
          <h2 id="orders-title" className={styles.sectionTitle}>
            我的证书订单
          </h2>
          <ul className={styles.orderList}>
            {orders.data!.myMallOrders.items.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  className={styles.option}
                  onClick={() => setChoice({ ...choice, orderNo: o.orderNo })}
                >
                  <span className={styles.optionTop}>
                    <span className={styles.optionName}>
                      {o.packageName} · {o.planName}
                    </span>
                    <span className={`${styles.status} ${styles[`status_${o.status}`] ?? ""}`}>
                      {MALL_STATUS_LABELS[o.status] ?? o.status}
                    </span>
                  </span>
                  <span className={styles.optionMeta}>
                    <span>¥{formatPrice(o.amount)}</span>
                    <span>{formatDateTime(o.createdAt)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {pkg && (
        <div className={styles.buyBar}>
          <div className={styles.buyTotal}>
            {plan ? "合计" : "请选择方案"}
            {plan && <strong>¥{formatPrice(plan.price)}</strong>}
            {error && (
              <span className={styles.error} role="alert" style={{ display: "block", margin: 0 }}>
                {error}
              </span>
            )}
          </div>
          {token ? (
            <Button
              color="primary"
              size="large"
              className={styles.buyButton}
              disabled={!ready}
              loading={creating.loading}
              onClick={() => void buy()}
            >
              立即购买
            </Button>
          ) : (
            <Button color="primary" size="large" className={styles.buyButton} onClick={login}>
              登录购买
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
