import { Link } from "react-router";
import { CheckShieldOutline, EditSOutline, GlobalOutline, QuestionCircleOutline, ShopbagOutline } from "antd-mobile-icons";
import styles from "./home.module.css";

const SHORTCUTS = [
  { to: "/software-source", title: "软件源", hint: "订阅第三方源", icon: <GlobalOutline />, hue: "#3d7bf5" },
  { to: "/signature", title: "签名IPA", hint: "在线签名安装", icon: <EditSOutline />, hue: "#7b3fe4" },
  { to: "/certificate", title: "证书商城", hint: "购买签名证书", icon: <ShopbagOutline />, hue: "#f07c12" },
  { to: "/management", title: "证书管理", hint: "查看我的证书", icon: <CheckShieldOutline />, hue: "#12a16b" },
  { to: "/tutorial", title: "答疑", hint: "常见问题解答", icon: <QuestionCircleOutline />, hue: "#e8488a" },
] as const;

/** Entry points to the site's services. */
export function ServiceShortcuts() {
  return (
    <section className={styles.section} aria-labelledby="services-title">
      <h2 id="services-title" className={styles.sectionTitle}>
        常用服务
      </h2>
      <div className={styles.shortcuts}>
        {SHORTCUTS.map((s) => (
          <Link key={s.to} to={s.to} className={styles.shortcut}>
            <span className={styles.shortcutIcon} style={{ color: s.hue, background: `${s.hue}14` }}>
              {s.icon}
            </span>
            <span className={styles.shortcutTitle}>{s.title}</span>
            <span className={styles.shortcutHint}>{s.hint}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
