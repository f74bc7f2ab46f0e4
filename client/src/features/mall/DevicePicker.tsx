import { Button } from "antd-mobile";
import type { MyDevicesQuery } from "../../gql/graphql";
import { errorMessage } from "../../shared/graphqlError";
import { Skeletons } from "./Skeletons";
import styles from "./mall.module.css";

export type MallDevice = MyDevicesQuery["myDevices"][number];

/**
 * Step 3: the device the certificate is bound to. A guest is asked to log in; a user picks a bound UDID or captures
 * one (the choice so far is kept for the way back).
 */
export function DevicePicker({
  loggedIn,
  devices,
  loading,
  error,
  selected,
  onPick,
  onLogin,
  onCapture,
}: {
  loggedIn: boolean;
  /** Null until the list has loaded. */
  devices: MallDevice[] | null;
  loading: boolean;
  error: unknown;
  selected: MallDevice | undefined;
  onPick: (d: MallDevice) => void;
  onLogin: () => void;
  onCapture: () => void;
}) {
  if (!loggedIn)
    return (
      <>
        <p className={styles.hint}>证书绑定到设备的 UDID，请先登录。</p>
        <Button block color="primary" fill="outline" size="large" style={{ marginTop: 12 }} onClick={onLogin}>
          登录后选择设备
        </Button>
      </>
    );
  const list = devices ?? [];
  return (
    <>
      {!devices && loading && <Skeletons n={1} />}
      {error ? <p className={styles.error}>{errorMessage(error)}</p> : null}
      {devices && list.length === 0 && (
        <p className={styles.hint}>还没有绑定设备。用 Safari 获取设备 UDID 后会回到这里，已选的套餐和方案会保留。</p>
      )}
      <div className={styles.options} role="radiogroup" aria-labelledby="device-title">
        {list.map((d) => (
          <button
            key={d.id}
            type="button"
            role="radio"
            aria-checked={selected?.id === d.id}
            className={`${styles.option} ${selected?.id === d.id ? styles.optionOn : ""}`}
            onClick={() => onPick(d)}
            data-testid="mall-device"
          >
            <span className={styles.optionName}>{d.modelName || d.product || "iOS 设备"}</span>
            <span className={`${styles.optionMeta} ${styles.udid}`}>{d.udid}</span>
          </button>
        ))}
      </div>
      <Button block fill="outline" color="primary" size="large" style={{ marginTop: 12 }} onClick={onCapture}>
        {list.length ? "获取其他设备的 UDID" : "获取设备 UDID"}
      </Button>
    </>
  );
}
