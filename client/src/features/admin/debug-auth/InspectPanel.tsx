import { useState } from "react";
import { useLazyQuery } from "@apollo/client/react";
import { Alert, Button, Empty, Input, Select, Space } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import { AdminUsersQuery } from "../users/operations";
import type { Inspection } from "./api";
import { TokenCard } from "./TokenCard";
import { SessionsCard, UserCard } from "./UserAccess";
import { Panel } from "../common/Panel";

/** Paste a token or pick a user: the verdict and why, the claims, the session, the user's access and sessions. */
export function InspectPanel({ onAction }: { onAction: () => void }) {
  const [token, setToken] = useState("");
  const [userId, setUserId] = useState<string | undefined>();
  const [result, setResult] = useState<Inspection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [findUsers, users] = useLazyQuery(AdminUsersQuery);

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
        <Input.TextArea
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
        <Space.Compact style={{ width: "100%", maxWidth: 480 }}>
          <Select
            showSearch
            allowClear
            placeholder="输入用户名搜索"
            style={{ flex: 1 }}
            filterOption={false}
            value={userId}
            onChange={setUserId}
            onSearch={(q) => q.trim() && findUsers({ variables: { search: q.trim(), page: 1, pageSize: 20 } })}
            loading={users.loading}
            options={(users.data?.adminUsers.items ?? []).map((u) => ({
              value: u.id,
              label: `${u.username}（ID ${u.id}）`,
            }))}
            notFoundContent={users.called ? "没有找到用户" : "输入用户名搜索"}
            aria-label="用户"
          />
          <Button loading={busy} disabled={!userId} onClick={() => inspect({ user_id: userId })}>
            查看
          </Button>
        </Space.Compact>
      </Panel>
      {error && <Alert type="error" showIcon title={error} />}
      {result?.token && <TokenCard token={result.token} />}
      {result?.user && <UserCard user={result.user} />}
      {result?.user && <SessionsCard user={result.user} sessions={result.sessions} again={again} />}
      {!result && !error && <Empty description="粘贴令牌或选择用户，查看令牌是否有效及原因、会话、角色与权限" />}
    </Space>
  );
}
