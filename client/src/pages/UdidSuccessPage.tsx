import { useSyncExternalStore } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useQuery } from "@apollo/client/react";
import { usePageTitle } from "../features/site/useSiteInfo";
import { safeBack, selectedDevice } from "../features/udid/flow";
import { MyDevicesQuery } from "../features/udid/operations";
import styles from "../features/udid/udid.module.css";
import { formatDateTime } from "../shared/format";
import { session } from "../shared/session";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

/**
 * /udid/success: the end of the capture. A logged-in user sees the devices bound to the account (newest first); a
 * guest sees the device kept in this browser, which is bound at the next login.
 */
export default function UdidSuccessPage() {
  usePageTitle("设备绑定成功");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeBack(params.get("back")) ?? "/";
  const { token } = useSyncExternalStore(session.subscribe, session.get, session.get);
  const { data, loading } = useQuery(MyDevicesQuery, { skip: !token, fetchPolicy: "network-only" });
  const local = selectedDevice();
  const devicesOf = token
    ? (data?.myDevices ?? [])
    : local
      ? [
          {
            id: String(local.id ?? local.udid),
            udid: local.udid,
            modelName: local.modelName ?? null,
            product: local.product ?? "",
            boundAt: null,
          },
        ]
      : [];

  const devices = devicesOf;
  const none = !loading && devices.length === 0;
  return (
    <div className={styles.page}>
      <SubPageTopBar title={none ? "设备绑定" : "设备绑定成功"} />
      <div>
        <section className={styles.card}>
          <div className={styles.result}>
            <span className={none ? styles.idleMark : styles.okMark} aria-hidden="true">
              {none ? "?" : "✓"}
            </span>
            <h2>{none ? "还没有绑定设备" : "设备绑定成功"}</h2>
            <p>
              {none
                ? "获取设备信息后即可绑定"
                : token
                  ? "现在可以签名安装应用、购买证书了"
                  : "登录后设备将自动绑定到您的账号"}
            </p>
          </div>
        </section>
        <section className={styles.card} aria-busy={loading}>
          <p className={styles.label}>{token ? "我的设备" : "本机设备"}</p>
          {loading ? (
            <>
              <div className={styles.skeletonLine} />
              <div className={styles.skeletonLine} />
            </>
          ) : devices.length ? (
            <ul className={styles.deviceList}>
              {devices.map((d) => (
                <li key={d.id} className={styles.device}>
                  <div className={styles.deviceInfo}>
                    <strong>{d.modelName ?? (d.product || "未知型号")}</strong>
                    <code>{d.udid}</code>
                    {d.boundAt && <code>绑定于 {formatDateTime(d.boundAt)}</code>}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>暂无绑定设备</p>
          )}
        </section>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => navigate(back)}>
            继续
          </button>
          {!devices.length && !loading && (
            <button type="button" className={styles.secondary} onClick={() => navigate("/udid/guide")}>
              获取设备信息
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
