import { useState } from "react";
import { Alert, Button, Empty, Space } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import type { Inspection } from "./api";
import { TokenCard } from "./TokenCard";
import { SessionsCard, UserCard } from "./UserAccess";
import { Panel } from "../common/Panel";
import { TextArea } from "../common/fields";
import { UserPicker } from "./UserPicker";
import styles from "./debug-auth.module.css";

/** Paste a token or pick a user: the verdict and why, the claims, the session, the user's access and sessions. */
export function InspectPanel({ onAction }: { onAction: () => void }) {
  const [token, setToken] = useState("");
  const [userId, setUserId] = useState<string | undefined>();
  const [result, setResult] = useState<Inspection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function inspect(body: { token?: string; user_id?: string }) {
    setBusy(true);
    setError(null);
    try {
      setResult((await api.post<Inspection>("/api/admin/debug-auth/inspect", body)).data);
    } catch (e) {
      setError(errorMessage(e));
    }
    setBusy(false);
    onAction();
  }
  const again = () =>
    result?.token ? inspect({ token }) : result?.user ? inspect({ user_id: String(result.user.id) }) : undefined;

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Panel size="small" title="检查令牌">
        <TextArea
          rows={3}
          placeholder="粘贴令牌（可带 Bearer 前缀）"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-label="令牌"
          style={{ fontFamily: "monospace" }}
        />
        <Button
          type="primary"
          style={{ marginTop: 8 }}
          loading={busy}
          disabled={!token.trim()}
          onClick={() => inspect({ token })}
        >
          检查令牌
        </Button>
      </Panel>
      <Panel size="small" title="选择用户">
        <div className={styles.compact}>
          <UserPicker value={userId} onChange={setUserId} />
          <Button loading={busy} disabled={!userId} onClick={() => inspect({ user_id: userId })}>
            查看
          </Button>
        </div>
      </Panel>
      {error && <Alert type="error" showIcon title={error} />}
      {result?.token && <TokenCard token={result.token} />}
      {result?.user && <UserCard user={result.user} />}
      {result?.user && <SessionsCard user={result.user} sessions={result.sessions} again={again} />}
      {!result && !error && <Empty description="粘贴令牌或选择用户，查看令牌是否有效及原因、会话、角色与权限" />}
    </Space>
  );
}
