import { useState } from "react";
import { Space } from "antd";
import { AuditPanel } from "../../features/admin/debug-auth/AuditPanel";
import { InspectPanel } from "../../features/admin/debug-auth/InspectPanel";
import { RateLimitPanel } from "../../features/admin/debug-auth/RateLimitPanel";

/** /admin/debug-auth (full admins only): tokens, sessions, access, login limits, and the audit log of it all. */
export default function DebugAuthPage() {
  const [actions, setActions] = useState(0);
  const done = () => setActions((n) => n + 1);
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <InspectPanel onAction={done} />
      <RateLimitPanel onAction={done} />
      <AuditPanel version={actions} />
    </Space>
  );
}
