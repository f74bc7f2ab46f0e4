import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "antd-mobile";
import { errorMessage } from "../../shared/graphqlError";
import { request } from "../../shared/request";
import { selectedDevice } from "../udid/flow";
import { MALL_STATUS_LABELS, inFlight } from "./labels";
import { CardKeyFields } from "./CardKeyFields";
import styles from "./mall.module.css";

/** A guest's redeemed order, kept in this browser so the guest can come back to it. */
const GUEST_ORDER_KEY = "gryx_mall_guest_order";
const POLL_MS = 2000;

interface GuestOrder {
  order_no: string;
  token: string;
}
interface GuestOrderState {
  status: string;
  ready: boolean;
  package_name: string;
  plan_name: string;
  udid: string;
  last_error: string | null;
}

function storedOrder(): GuestOrder | null {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(GUEST_ORDER_KEY) ?? "null") as GuestOrder | null;
    return v && typeof v.order_no === "string" && typeof v.token === "string" ? v : null;
  } catch {
    return null;
  }
}

/**
 * 卡密兑换 for a guest (no account): the device comes from a guest UDID capture in this browser (its session), the
 * order is followed with the token the redemption answered (polled), and the delivered certificate is a zip to
 * download (p12, profile, password).
 */
export function GuestRedeemCard({ capturePath }: { capturePath: string }) {
  const device = selectedDevice();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<GuestOrder | null>(storedOrder);
  const [state, setState] = useState<GuestOrderState | null>(null);

  useEffect(() => {
    if (!order) return;
    let stop = false;
    const load = async () => {
      try {
        const r = await request<GuestOrderState>(
          `/api/certificate-mall/guest-orders/${encodeURIComponent(order.order_no)}`,
          { query: { token: order.token } },
        );
        if (stop) return;
        setState(r.data);
        if (inFlight(r.data.status) || (r.data.status === "delivered" && !r.data.ready))
          setTimeout(() => void load(), POLL_MS);
      } catch (e) {
        if (!stop) setError(errorMessage(e));
      }
    };
    void load();
    return () => {
      stop = true;
    };
  }, [order]);

  async function redeem() {
    if (!device?.session) return;
    setBusy(true);
    setError(null);
    try {
      const r = await request<GuestOrder>("/api/certificate-mall/guest-redeem", {
        method: "POST",
        body: { code: code.trim(), session: device.session },
      });
      const o = { order_no: r.data.order_no, token: r.data.token };
      globalThis.localStorage?.setItem(GUEST_ORDER_KEY, JSON.stringify(o));
      setCode("");
      setOrder(o);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="guest-redeem-title" data-testid="guest-redeem">
      <h2 id="guest-redeem-title" className={styles.sectionTitle}>
        卡密兑换（免登录）
      </h2>
      {order && state ? (
        <>
          <p className={styles.statusLine}>
            {state.package_name} · {state.plan_name}：
            <span
              className={`${styles.status} ${styles[`status_${state.status}`] ?? ""}`}
              data-testid="guest-order-status"
            >
              {MALL_STATUS_LABELS[state.status] ?? state.status}
            </span>
          </p>
          <p className={`${styles.udid}`}>{state.udid}</p>
          {state.status === "delivered" && state.ready && (
            <div className={styles.links}>
              <a
                className={styles.linkButton}
                href={`/api/certificate-mall/guest-orders/${encodeURIComponent(order.order_no)}/download?token=${encodeURIComponent(order.token)}`}
                download
              >
                下载证书（p12 + 描述文件）
              </a>
            </div>
          )}
          {state.last_error && !inFlight(state.status) && state.status !== "delivered" && (
            <p className={styles.error}>{state.last_error}</p>
          )}
          <Button
            block
            fill="none"
            color="primary"
            style={{ marginTop: 8 }}
            onClick={() => {
              globalThis.localStorage?.removeItem(GUEST_ORDER_KEY);
              setOrder(null);
              setState(null);
            }}
          >
            兑换其他卡密
          </Button>
        </>
      ) : (
        <>
          <p className={styles.hint}>有证书卡密？不登录也可兑换：先获取本机 UDID，再输入卡密，证书交付后在此下载。</p>
          {device?.session ? (
            <p className={styles.udid} data-testid="guest-device">
              设备：{device.modelName || device.product || "iOS 设备"} {device.udid}
            </p>
          ) : (
            <Link
              className={`${styles.linkButton} ${styles.linkSecondary}`}
              style={{ marginTop: 12 }}
              to={`/udid/guide?back=${encodeURIComponent(capturePath)}`}
            >
              获取设备 UDID
            </Link>
          )}
          <CardKeyFields
            code={code}
            onCode={setCode}
            label="游客证书卡密"
            error={error}
            disabled={!device?.session}
            loading={busy}
            onRedeem={() => void redeem()}
          />
        </>
      )}
    </section>
  );
}
