import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import "../../shared/ui/antdMobileRender";
import { formatDateTime } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import accountStyles from "../account/account.module.css";
import { forgetDeviceCheck, forgetSelectedDevice, startCapture } from "./flow";
import { MyDevicesQuery, UnbindDeviceMutation } from "./operations";
import styles from "./udid.module.css";
import { useShownOnce } from "../../shared/ui/lazyShown";
import type { DeviceFieldsFragment } from "../../gql/graphql";

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="6" y="2.5" width="12" height="19" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="10" y="4.5" width="4" height="1.4" rx="0.7" fill="currentColor" />
    </svg>
  );
}

const UnbindDeviceDialog = lazy(() => import("./UnbindDeviceDialog"));

/** 我的设备 on /profile: the bound devices (model, UDID, when) with 解绑, or the way to bind one. */
export function MyDevicesCard() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, loading, error, refetch } = useQuery(MyDevicesQuery, { fetchPolicy: "cache-and-network" });
  const [unbind] = useMutation(UnbindDeviceMutation);
  const [confirming, setConfirming] = useState<DeviceFieldsFragment | null>(null);
  const confirmShown = useShownOnce(confirming !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const devices = data?.myDevices ?? [];

  async function doUnbind(d: DeviceFieldsFragment) {
    setConfirming(null);
    setFailure(null);
    try {
      await unbind({ variables: { id: d.id } });
      forgetSelectedDevice(d.udid);
      forgetDeviceCheck();
      await refetch();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  return (
    <section className={accountStyles.card} aria-labelledby="my-devices-title">
      <h2 id="my-devices-title" className={accountStyles.cardTitle}>
        我的设备
      </h2>
      {loading && !data ? (
        <>
          <div className={styles.skeletonLine} />
          <div className={styles.skeletonLine} />
        </>
      ) : devices.length ? (
        <ul className={styles.deviceList}>
          {devices.map((d) => (
            <li key={d.id} className={styles.device} data-testid="my-device">
              <span className={styles.deviceIcon}>
                <PhoneIcon />
              </span>
              <div className={styles.deviceInfo}>
                <strong>{d.modelName ?? (d.product || "未知型号")}</strong>
                <code>{d.udid}</code>
                {d.boundAt && <code>绑定于 {formatDateTime(d.boundAt)}</code>}
              </div>
              <button type="button" className={styles.unbind} onClick={() => setConfirming(d)}>
                解绑
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className={styles.empty}>
            {error ? "设备列表加载失败" : "暂无绑定设备，签名安装应用前请先获取设备信息。"}
          </p>
          <button
            type="button"
            className={styles.primary}
            style={{ width: "100%" }}
            onClick={() => void startCapture(pathname, () => void navigate("/udid/guide"))}
          >
            获取设备信息
          </button>
        </>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      {confirmShown && (
        <Suspense fallback={null}>
          <UnbindDeviceDialog
            device={confirming}
            onCancel={() => setConfirming(null)}
            onConfirm={(d) => void doUnbind(d)}
          />
        </Suspense>
      )}
    </section>
  );
}
