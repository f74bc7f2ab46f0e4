/** The /api/admin/debug-auth/* shapes (server/src/modules/debug-auth). */
export interface SessionView {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
  state: "active" | "expired" | "revoked";
}

export interface UserAccess {
  id: number;
  username: string;
  role: string;
  disabled: boolean;
  permissions: string[];
  permission_labels: string[];
  routes: { method: string; path: string; access: string }[];
  routes_denied: number;
}

export interface Inspection {
  token: {
    verdict: "valid" | "expired" | "revoked" | "invalid";
    reasons: string[];
    header: Record<string, unknown> | null;
    claims: Record<string, unknown> | null;
    detail: string | null;
    session: SessionView | null;
  } | null;
  user: UserAccess | null;
  sessions: SessionView[];
}

export interface LimitRow {
  key: string;
  count: number;
  limit: number;
  window_ends_at: string;
  blocked: boolean;
  retry_after: number;
}

export interface AuditRow {
  id: number;
  actor_username: string;
  action: string;
  target: string;
  detail: unknown;
  ip: string | null;
  created_at: string;
}

export const VERDICTS = {
  valid: { color: "success", label: "有效" },
  expired: { color: "warning", label: "已过期" },
  revoked: { color: "error", label: "已撤销" },
  invalid: { color: "error", label: "无效" },
} as const;

export const SESSION_STATES = {
  active: { color: "success", label: "有效" },
  expired: { color: "default", label: "已过期" },
  revoked: { color: "error", label: "已撤销" },
} as const;

export const ACTIONS: Record<string, string> = {
  "inspect-token": "检查令牌",
  "inspect-user": "查看用户",
  "list-sessions": "查看会话",
  "revoke-session": "撤销会话",
  "revoke-user-sessions": "撤销全部会话",
  "view-rate-limits": "查看登录限制",
  "clear-rate-limits": "解除限制",
};
