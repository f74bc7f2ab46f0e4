import type { ReactNode } from "react";
import { Link } from "react-router";
import { copyWithToast } from "../features/site/clipboard";
import { CONTACT_FAILED, useContact } from "../features/site/useContact";
import { usePageTitle, useSiteInfo } from "../features/site/useSiteInfo";
import styles from "../features/site/pages.module.css";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

const STEPS: { title: string; body: ReactNode }[] = [
  {
    title: "浏览应用",
    body: (
      <>
        在<Link to="/">应用库</Link>首页，点上方的分类切换应用、动态库或资源分享；用搜索框按名称、关键词或 Bundle ID
        查找；“全部 / 免费 / 付费”可按价格筛选。列表底部可以翻页、跳到指定页，或调整每页条数。
      </>
    ),
  },
  {
    title: "登录与购买",
    body: (
      <>
        打开应用详情需要先登录（没有账号可直接注册）。详情页会显示价格：动态库和资源分享分为资源费与流量费。登录后，详情页会显示您的购买状态：免费、已购买，或未购买及价格。
      </>
    ),
  },
  {
    title: "绑定设备（UDID）",
    body: (
      <>
        签名和证书都与设备绑定。请用 iPhone 自带的 Safari 打开本站，按提示安装描述文件获取
        UDID，完成后会自动返回。详细步骤见
        <Link to="/udid/guide">UDID 获取教程</Link>。
      </>
    ),
  },
  {
    title: "购买证书",
    body: (
      <>
        在<Link to="/certificate">证书商城</Link>选择适合的证书套餐，付款后证书会出现在
        <Link to="/management">证书管理</Link>中，可查看状态与有效期。
      </>
    ),
  },
  {
    title: "签名 IPA",
    body: (
      <>
        在<Link to="/signature">签名IPA</Link>上传 IPA
        安装包并选择证书，提交后等待签名完成；签名记录里可以查看进度、重新签名或下载。
      </>
    ),
  },
  {
    title: "安装应用",
    body: (
      <>
        签名完成后点“安装”，在弹出的对话框中确认。安装后如打开提示“未受信任的开发者”，请前往 设置 → 通用 →
        VPN与设备管理，信任对应的证书后再打开。
      </>
    ),
  },
];

const FAQ: { q: string; a: string }[] = [
  {
    q: "为什么点开应用要先登录？",
    a: "应用、动态库和资源的详情与下载都和您的账号关联，登录后才能查看购买状态并下载。",
  },
  {
    q: "安装时一直转圈或提示“无法安装”怎么办？",
    a: "请确认使用 Safari 打开、设备 UDID 已加入所用证书，并且手机存储空间充足；仍失败时可重新签名后再安装。",
  },
  { q: "打开应用闪退怎么办？", a: "多为证书已失效或被吊销。请在证书管理中查看证书状态，必要时更换证书重新签名。" },
  {
    q: "获取 UDID 时描述文件无法安装？",
    a: "必须使用系统自带的 Safari，其他浏览器无法安装描述文件；安装后请在 设置 → 已下载描述文件 中完成安装。",
  },
  {
    q: "付费资源的资源费和流量费有什么区别？",
    a: "资源费是资源本身的价格；流量费按文件大小计算下载流量的费用，两者都会在详情页标明。",
  },
  { q: "如何加入用户交流群？", a: "点击页面顶部的 QQ 群图标，选择群后点“加入”，或复制群号到 QQ 中搜索加入。" },
];

function ContactRow({ label, value }: { label: string; value: string }) {
  return (
    <li>
      <span className={styles.contactLabel}>{label}</span>
      <span className={styles.contactValue}>{value}</span>
      <button type="button" aria-label={`复制${label}`} onClick={() => void copyWithToast(value, `已复制${label}`)}>
        复制
      </button>
    </li>
  );
}

function Contact() {
  const contact = useContact();
  if (contact.state === "loading") return <p className={styles.muted}>正在获取联系方式…</p>;
  if (contact.state === "failed") return <p className={styles.muted}>{CONTACT_FAILED}</p>;
  const { wechat, qq, email } = contact.contact;
  if (!wechat && !qq && !email) return <p className={styles.muted}>暂未设置联系方式。</p>;
  return (
    <ul className={styles.contact}>
      {wechat && <ContactRow label="微信" value={wechat} />}
      {qq && <ContactRow label="QQ" value={qq} />}
      {email && <ContactRow label="邮箱" value={email} />}
    </ul>
  );
}

/** /tutorial (答疑): how to browse, buy, bind a device, sign and install, FAQs and contact. */
export default function TutorialPage() {
  usePageTitle("答疑");
  const site = useSiteInfo();
  return (
    <div className={styles.page}>
      <SubPageTopBar title="答疑" />
      <section className={styles.intro}>
        <h2>欢迎使用{site.siteName}</h2>
        <p>从找到应用到装上手机，只需要几步。遇到问题先看看下面的常见问题。</p>
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>使用指南</h2>
        <ol className={styles.steps}>
          {STEPS.map((s, i) => (
            <li key={s.title}>
              <span className={styles.stepNo}>{i + 1}</span>
              <div>
                <h3>{s.title}</h3>
                <p>{s.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>常见问题</h2>
        <div className={styles.faq}>
          {FAQ.map((f) => (
            <details key={f.q}>
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>联系我们</h2>
        <Contact />
      </section>
    </div>
  );
}
