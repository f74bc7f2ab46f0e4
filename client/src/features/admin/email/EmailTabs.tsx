import { useState } from "react";

import { useSearchParams } from "react-router";
import { useCompact } from "../common/useCompact";
import { RecordsPanel } from "./RecordsPanel";
import { SendPanel } from "./SendPanel";
import { SmtpSettingsForm } from "./SmtpSettingsForm";
import { TemplatesPanel } from "./TemplatesPanel";
import { Panel } from "../common/Panel";
import { PageTabs } from "../common/PageTabs";

/** 邮件管理 in four tabs (?tab=): SMTP设置, 邮件模板, 发送邮件, 发送记录. */
export function EmailTabs() {
  const compact = useCompact();
  const [params, setParams] = useSearchParams();
  const [sent, setSent] = useState(0);
  const tabs = [
    { key: "smtp", label: "SMTP设置", children: <SmtpSettingsForm /> },
    { key: "templates", label: "邮件模板", children: <TemplatesPanel /> },
    { key: "send", label: "发送邮件", children: <SendPanel onSent={() => setSent((n) => n + 1)} /> },
    { key: "records", label: "发送记录", children: <RecordsPanel version={sent} /> },
  ];
  const active = tabs.some((t) => t.key === params.get("tab")) ? params.get("tab")! : "smtp";
  return (
    <Panel bodyStyle={compact ? { padding: 12 } : undefined}>
      <PageTabs activeKey={active} items={tabs} onChange={(key) => setParams({ tab: key }, { replace: true })} />
    </Panel>
  );
}
