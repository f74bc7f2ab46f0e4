import { useSyncExternalStore, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePageTitle } from "../features/site/useSiteInfo";
import { InstallDrawing, ReceivedDrawing, SafariAllowDrawing, SettingsDrawing } from "../features/udid/illustrations";
import { safeBack, startCapture } from "../features/udid/flow";
import styles from "../features/udid/udid.module.css";
import { session } from "../shared/session";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

const STEPS: { title: string; text: ReactNode; art: ReactNode }[] = [
  {
    title: "允许下载描述文件",
    text: "用 iPhone 自带的 Safari 打开本站，点下方「获取设备信息」。Safari 提示“此网站正尝试下载一个配置描述文件”时，点「允许」，再点「关闭」。",
    art: <SafariAllowDrawing />,
  },
  {
    title: "打开设置",
    text: "回到主屏幕打开「设置」，最上方 Apple ID 下面会出现「已下载描述文件」，点进去。（也可在 设置 → 通用 → VPN与设备管理 中找到）",
    art: <SettingsDrawing />,
  },
  {
    title: "安装描述文件",
    text: "点右上角「安装」，输入锁屏密码，再点「安装」。描述文件只用于读取设备信息，不会修改手机的任何设置。",
    art: <InstallDrawing />,
  },
  {
    title: "自动返回并显示 UDID",
    text: "安装完成后 Safari 会自动打开本站，显示本机的 UDID 和设备型号，设备同时绑定到您的账号。点「复制」可复制 UDID。",
    art: <ReceivedDrawing />,
  },
];

/** Why the profile could not be served, when the server sent the browser here (?error=CODE). */
const PROFILE_ERRORS: Record<string, string> = {
  UDID_TOKEN_INVALID: "登录已失效，请重新登录后获取设备信息",
  UDID_SESSION_EXPIRED: "设备信息获取会话已过期，请重新获取",
  UDID_SESSION_USED: "该会话已使用，请重新获取设备信息",
  UDID_SESSION_NOT_FOUND: "设备信息获取会话不存在，请重新获取",
  RATE_LIMITED: "获取设备信息过于频繁，请稍后再试",
};

/** /udid/guide: how to get the UDID, step by step with drawings of the screens, and the button that starts it. */
export default function UdidGuidePage() {
  usePageTitle("UDID 获取教程");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSyncExternalStore(session.subscribe, session.get, session.get);
  const back = safeBack(params.get("back")) ?? "/profile";
  const errorCode = params.get("error");
  const problem = errorCode ? (PROFILE_ERRORS[errorCode] ?? "获取设备信息失败，请重试") : null;

  function begin() {
    if (token) return void startCapture(back, () => undefined);
    // A guest: the server makes a guest session; the device is attached to the account at the next login.
    const q = new URLSearchParams({
      front: window.location.origin,
      callback: `/udid/received?back=${encodeURIComponent(safeBack(params.get("back")) ?? "/")}`,
    });
    window.location.assign(`/api/udid/profile?${q}`);
  }

  return (
    <div className={styles.page}>
      <SubPageTopBar title="UDID 获取教程" />
      <div>
        {problem && (
          <p className={styles.card} role="alert" style={{ color: "#e5484d", margin: "0 0 12px" }}>
            {problem}
          </p>
        )}
        <section className={styles.intro}>
          <h2>获取设备信息（UDID）</h2>
          <p>UDID 是每台 iPhone / iPad 的唯一标识。签名安装应用、购买证书都需要先绑定设备。整个过程约 1 分钟。</p>
        </section>
        <ol className={styles.steps}>
          {STEPS.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <div className={styles.stepHead}>
                <span className={styles.stepNo}>{i + 1}</span>
                <h3>{s.title}</h3>
              </div>
              <div className={styles.stepBody}>
                <p>{s.text}</p>
                <div className={styles.stepArt}>{s.art}</div>
              </div>
            </li>
          ))}
        </ol>
        <section className={styles.card}>
          <p className={styles.label}>注意事项</p>
          <ul className={styles.notes}>
            <li>必须使用 Safari 浏览器，微信、QQ 等内置浏览器无法安装描述文件。</li>
            <li>如果没有出现“已下载描述文件”，请回到本页重新点击获取。</li>
            <li>获取完成后，可在 设置 → 通用 → VPN与设备管理 中删除该描述文件。</li>
            {!token && <li>未登录时获取的设备，会在您登录后自动绑定到账号。</li>}
          </ul>
        </section>
        <div className={styles.cta}>
          <button type="button" className={styles.primary} style={{ width: "100%" }} onClick={begin}>
            获取设备信息
          </button>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} style={{ width: "100%" }} onClick={() => navigate(back)}>
            返回
          </button>
        </div>
      </div>
    </div>
  );
}
