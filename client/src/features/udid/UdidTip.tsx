import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useApolloClient } from "@apollo/client/react";
import { api } from "../../shared/request";
import { session } from "../../shared/session";
import { DialogPanel } from "../../shared/ui/DialogPanel";
import { CloseIcon } from "../../shared/ui/icons";
import { TipDrawing } from "./illustrations";
import {
  TIP_BANNER_TEXT,
  currentPage,
  deviceRecentlySeen,
  dismissTipOn,
  rememberDevice,
  preferTopTip,
  saveSelectedDevice,
  selectedDevice,
  startCapture,
  tipForced,
  tipPrefersTop,
} from "./flow";
import styles from "./udid.module.css";

/** The progress bar: +3 every 100 ms, up to 100. */
const PROGRESS_STEP = 3;
const PROGRESS_INTERVAL_MS = 100;

interface Latest {
  id?: number | string;
  udid?: string;
}

/**
 * Whether the user has a device: the latest-UDID endpoint (success with udid or id), else the device kept in this
 * browser (selected_device_info). A failed check is swallowed.
 */
async function hasDevice(): Promise<boolean> {
  const token = session.get().token;
  if (deviceRecentlySeen(token)) return true;
  try {
    const r = await api.get<Latest | null>("/api/udid/my-latest");
    if (r.success && (r.data?.udid || r.data?.id)) {
      if (token) rememberDevice(token);
      return true;
    }
  } catch {
    // fall back to the local record
  }
  return selectedDevice() !== null;
}

/**
 * A guest's capture in this browser goes to the account that has just logged in; lists of the user's devices on the
 * page (they may have loaded before) are fetched again.
 */
async function attachPendingCapture(refetchDevices: () => Promise<unknown>): Promise<void> {
  const d = selectedDevice();
  if (!d?.session || d.attached || !session.get().token) return;
  try {
    const r = await api.post<{ attached: boolean }>(`/api/udid/session/${encodeURIComponent(d.session)}/consume`);
    saveSelectedDevice({ ...d, attached: r.data.attached, session: r.data.attached ? d.session : undefined });
    if (r.data.attached) await refetchDevices().catch(() => undefined);
  } catch {
    // taken by another account, or expired: keep the device, stop trying
    saveSelectedDevice({ ...d, session: undefined, attached: false });
  }
}

type Mode = "idle" | "modal" | "banner";

/** The UDID tip (spec section 4): a modal with a progress bar, which turns into the top banner when cancelled. */
export default function UdidTip({ pathname, search, show }: { pathname: string; search: string; show: boolean }) {
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const [mode, setMode] = useState<Mode>("idle");
  const [progress, setProgress] = useState(0);
  const forced = tipForced(search);

  useEffect(() => {
    let live = true;
    void (async () => {
      await attachPendingCapture(() => apollo.refetchQueries({ include: ["MyDevices"] }));
      if (!show) return;
      if (!forced && (await hasDevice())) return;
      if (live) setMode(tipPrefersTop() ? "banner" : "modal");
    })();
    return () => {
      live = false;
    };
  }, [show, forced, apollo]);

  useEffect(() => {
    if (mode === "idle") return;
    const timer = window.setInterval(() => {
      setProgress((p) => {
        const next = Math.min(100, p + PROGRESS_STEP);
        if (next >= 100) window.clearInterval(timer);
        return next;
      });
    }, PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [mode]);

  const confirm = () => void startCapture(currentPage(pathname, search), () => void navigate("/udid/guide"));
  const cancel = () => {
    preferTopTip();
    setMode("banner");
  };
  const dismiss = () => {
    dismissTipOn(pathname);
    setMode("idle");
  };

  const bar = (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label="设备信息准备进度"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
    >
      <span style={{ width: `${progress}%` }} />
    </div>
  );

  if (mode === "banner")
    return (
      <div className={styles.banner} role="region" aria-label="设备信息提示">
        <div className={styles.bannerRow}>
          <span className={styles.bannerDot} aria-hidden="true" />
          <p>{TIP_BANNER_TEXT}</p>
          <button type="button" className={styles.bannerGo} onClick={confirm}>
            立即获取
          </button>
          <button type="button" className={styles.bannerClose} aria-label="关闭提示" onClick={dismiss}>
            <CloseIcon />
          </button>
        </div>
        {bar}
      </div>
    );

  return (
    <DialogPanel title="获取设备信息" label="获取设备信息" visible={mode === "modal"} onClose={cancel}>
      <div className={styles.tipBody}>
        <TipDrawing />
        <p className={styles.tipText}>您还没有绑定设备。签名、安装应用和购买证书都需要本机的设备信息（UDID）。</p>
        <p className={styles.tipHint}>请使用 Safari 打开，按提示安装描述文件，完成后会自动返回本页。</p>
        {bar}
        <p className={styles.progressText}>{progress < 100 ? `正在准备描述文件 ${progress}%` : "描述文件已就绪"}</p>
        <div className={styles.tipActions}>
          <button type="button" className={styles.secondary} onClick={cancel}>
            取消
          </button>
          <button type="button" className={styles.primary} onClick={confirm}>
            立即获取
          </button>
        </div>
      </div>
    </DialogPanel>
  );
}
