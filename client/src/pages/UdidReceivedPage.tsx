import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "@apollo/client/react";
import { copyWithToast } from "../features/site/clipboard";
import { usePageTitle } from "../features/site/useSiteInfo";
import { safeBack, saveSelectedDevice, selectedDevice } from "../features/udid/flow";
import { ConsumeUdidSessionMutation } from "../features/udid/operations";
import styles from "../features/udid/udid.module.css";
import type { DeviceFieldsFragment } from "../gql/graphql";
import { errorMessage } from "../shared/graphqlError";
import { session } from "../shared/session";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

/**
 * /udid/received: where the device comes back after installing the profile (?session, device, udid, back). Claims
 * the capture (a logged-in user's device is theirs; a guest's waits in selected_device_info for the next login) and
 * shows the UDID with a copy button, the model's marketing name, and 继续 back to the page the user came from.
 */
export default function UdidReceivedPage() {
  usePageTitle("设备信息");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSyncExternalStore(session.subscribe, session.get, session.get);
  const sessionId = params.get("session");
  const back = safeBack(params.get("back")) ?? "/";
  const [consume, { data, loading, error, called }] = useMutation(ConsumeUdidSessionMutation);
  const [fallbackError, setFallbackError] = useState<string | null>(null);

  useEffect(() => {
    if (!sessionId) {
      setFallbackError("缺少设备信息，请重新获取");
      return;
    }
    consume({ variables: { id: sessionId } }).catch(() => undefined);
  }, [sessionId, consume]);

  const result = data?.consumeUdidSession;
  const device: DeviceFieldsFragment | null = result?.device ?? null;

  useEffect(() => {
    if (!device || !sessionId || !result) return;
    const guestCapture = !result.attached;
    const previous = selectedDevice();
    saveSelectedDevice({
      id: device.id,
      udid: device.udid,
      product: device.product,
      modelName: device.modelName,
      session: guestCapture ? sessionId : undefined,
      attached: result.attached || (previous?.udid === device.udid && previous.attached === true),
    });
  }, [device, result, sessionId]);

  const udid = device?.udid ?? params.get("udid") ?? "";
  const pending = result && !result.relayed;
  const failure = fallbackError ?? (error ? errorMessage(error) : null);
  const failed = Boolean(failure) && !device;

  return (
    <div className={styles.page}>
      <SubPageTopBar title="设备信息" />
      <div>
        <section className={styles.card}>
          <div className={styles.result}>
            <span className={failed ? styles.failMark : styles.okMark} aria-hidden="true">
              {failed ? "!" : "✓"}
            </span>
            <h2>{failed ? "设备信息获取失败" : pending ? "等待设备返回信息" : "设备信息获取成功"}</h2>
            <p>
              {failed
                ? "请按教程重新获取设备信息"
                : token
                  ? result?.attached
                    ? "设备已绑定到您的账号"
                    : ""
                  : "登录后设备将自动绑定到您的账号"}
            </p>
          </div>
        </section>
        <section className={styles.card} aria-busy={loading || !called}>
          <p className={styles.label}>UDID</p>
          {loading && !udid ? (
            <div className={styles.skeletonLine} />
          ) : (
            <div className={styles.udidBox}>
              <code data-testid="udid-value">{udid || "—"}</code>
              <button
                type="button"
                className={styles.copy}
                disabled={!udid}
                onClick={() => void copyWithToast(udid, "UDID 已复制")}
              >
                复制
              </button>
            </div>
          )}
          <dl className={styles.facts}>
            <div>
              <dt>设备型号</dt>
              <dd data-testid="device-model">
                {loading ? (
                  <span className={styles.skeletonLine} style={{ display: "inline-block", width: 90 }} />
                ) : (
                  (device?.modelName ?? device?.product ?? "未知")
                )}
              </dd>
            </div>
            {device?.product && device.modelName && (
              <div>
                <dt>型号标识</dt>
                <dd>{device.product}</dd>
              </div>
            )}
            {device?.version && (
              <div>
                <dt>系统版本</dt>
                <dd>{device.version}</dd>
              </div>
            )}
          </dl>
          {failure && (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          )}
        </section>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => navigate(back)}>
            继续
          </button>
          {failed ? (
            <Link
              className={styles.secondary}
              style={{ display: "flex", alignItems: "center", justifyContent: "center", textDecoration: "none" }}
              to={`/udid/guide?back=${encodeURIComponent(back)}`}
            >
              重新获取
            </Link>
          ) : token ? (
            <Link
              className={styles.secondary}
              style={{ display: "flex", alignItems: "center", justifyContent: "center", textDecoration: "none" }}
              to={`/udid/success?back=${encodeURIComponent(back)}`}
            >
              查看我的设备
            </Link>
          ) : (
            <Link
              className={styles.secondary}
              style={{ display: "flex", alignItems: "center", justifyContent: "center", textDecoration: "none" }}
              to="/login"
            >
              登录并绑定设备
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
