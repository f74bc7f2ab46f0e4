import { Link, useLocation, useNavigate } from "react-router";
import { saveRedirectFrom } from "../features/auth/loginTarget";
import { usePageTitle } from "../features/site/useSiteInfo";
import { PATHS } from "../app/paths";
import styles from "./guestPreview.module.css";

interface Preview {
  title: string;
  lead: string;
  points: string[];
}

/** What each public-but-personal page is, for a guest (spec: /signature, /app-signature, /certificate/{id} are public). */
function previewOf(pathname: string): Preview {
  if (pathname === "/app-signature")
    return {
      title: "应用签名",
      lead: "从应用库挑选免费或已购买的应用，一键进入在线签名，装到自己的 iPhone 上。",
      points: [
        "应用库里的免费应用登录后即可签名",
        "付费应用购买后永久可签，换设备可重新签名",
        "新用户可直接使用演示证书体验完整流程",
      ],
    };
  if (pathname.startsWith("/certificate/"))
    return {
      title: "证书详情",
      lead: "这里显示一张签名证书的全部信息：团队、到期时间、在线状态检测结果，以及描述文件中包含的设备。",
      points: [
        "查看证书是否有效、是否被撤销",
        "查看描述文件包含的设备，确认自己的设备已加入",
        "下载证书压缩包，或在签名时选用它",
      ],
    };
  return {
    title: "签名IPA",
    lead: "用自己的证书、商城购买的证书或演示证书在线签名 IPA，签好后在手机上直接安装。",
    points: [
      "上传 IPA，或从应用库选择应用",
      "可修改名称、Bundle ID，注入免费或已购买的动态库插件",
      "签名完成后点击安装或扫码安装，也可下载安装包",
    ],
  };
}

/** What a public-but-personal page is, for a guest, with the login call to action (loaded only for guests). */
export default function GuestPreviewPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const preview = previewOf(pathname);
  usePageTitle(preview.title);
  // After the login the guest comes back to this very page (same as the login-required pages).
  const go = (to: string) => {
    saveRedirectFrom(pathname + search);
    void navigate(to);
  };
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="guest-preview-title" data-testid="guest-preview">
        <h1 id="guest-preview-title" className={styles.title}>
          {preview.title}
        </h1>
        <p className={styles.lead}>{preview.lead}</p>
        <ul className={styles.points}>
          {preview.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <button type="button" className={styles.primary} onClick={() => go(PATHS.login)}>
          登录后使用
        </button>
        <button type="button" className={styles.secondary} onClick={() => go(PATHS.register)}>
          还没有账号？免费注册
        </button>
        <Link to={PATHS.tutorial} className={styles.link}>
          先看看使用教程
        </Link>
      </section>
    </div>
  );
}
