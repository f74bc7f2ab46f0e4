import { useCompact } from "../common/useCompact";
import { useSearchParams } from "react-router";
import { ContactForm } from "./ContactForm";
import { FeeSettingsForm } from "./FeeSettingsForm";
import { FooterForm } from "./FooterForm";
import { LegalForm } from "./LegalForm";
import { SigningSettingsForm } from "./SigningSettingsForm";
import { SiteInfoForm } from "./SiteInfoForm";
import { Panel } from "../common/Panel";
import { PageTabs } from "../common/PageTabs";

const TABS = [
  { key: "site", label: "站点信息", children: <SiteInfoForm /> },
  { key: "footer", label: "页脚", children: <FooterForm /> },
  { key: "contact", label: "联系方式", children: <ContactForm /> },
  { key: "fees", label: "费用设置", children: <FeeSettingsForm /> },
  { key: "signing", label: "签名设置", children: <SigningSettingsForm /> },
  { key: "legal", label: "协议与隐私", children: <LegalForm /> },
];

/** 系统设置 in six tabs; the open tab is kept in ?tab= so a reload stays there. */
export function SettingsTabs() {
  const compact = useCompact();
  const [params, setParams] = useSearchParams();
  const active = TABS.some((t) => t.key === params.get("tab")) ? params.get("tab")! : "site";
  return (
    <Panel bodyStyle={compact ? { padding: 12 } : undefined}>
      <PageTabs activeKey={active} items={TABS} onChange={(key) => setParams({ tab: key }, { replace: true })} />
    </Panel>
  );
}
