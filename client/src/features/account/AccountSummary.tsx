import { useEffect } from "react";
import { Link } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Skeleton, Tag } from "antd-mobile";
import { RightOutline } from "antd-mobile-icons";
import { PATHS } from "../../app/paths";
import { MeQuery } from "../auth/operations";
import { toSessionUser } from "../auth/sessionUser";
import { formatDateTime } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import { isAdmin, mayEnterAdmin, session } from "../../shared/session";
import styles from "./account.module.css";

const ROLE_LABELS: Record<string, string> = { admin: "管理员", user: "普通用户" };

/**
 * Username, role and account dates, fresh from the server (and kept in user_data). Until the server answers, what the
 * login stored (name, role, e-mail) is shown in the same layout, the dates as …: the card neither waits nor moves.
 */
export function AccountSummary() {
  const { data, loading, error } = useQuery(MeQuery);
  const me = data?.me;
  const stored = session.get().user;

  useEffect(() => {
    if (!me) return;
    const fresh = toSessionUser(me);
    if (JSON.stringify(session.get().user) !== JSON.stringify(fresh)) session.updateUser(fresh);
  }, [me]);

  const known = me ? toSessionUser(me) : stored;
  if (!known) {
    return (
      <section className={styles.summary} aria-busy={loading}>
        {error && !loading ? (
          <p className={styles.error}>{errorMessage(error)}</p>
        ) : (
          <div className={styles.summaryRow}>
            <Skeleton animated className={styles.avatarSkeleton} />
            <div style={{ flex: 1 }}>
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={1} animated />
            </div>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className={styles.summary} aria-busy={!me && loading}>
      <div className={styles.summaryRow}>
        <div className={styles.avatar} aria-hidden>
          {known.username.slice(0, 1).toUpperCase()}
        </div>
        <div className={styles.identity}>
          <h1 className={styles.username}>{known.username}</h1>
          <div className={styles.tags}>
            <Tag round color={isAdmin(known) ? "warning" : "primary"} fill="outline">
              {ROLE_LABELS[known.role] ?? known.role}
            </Tag>
            {me?.disabled && (
              <Tag round color="danger" fill="outline">
                已禁用
              </Tag>
            )}
          </div>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>邮箱</dt>
          <dd>{known.email || "未绑定"}</dd>
        </div>
        <div>
          <dt>注册时间</dt>
          <dd>{me ? formatDateTime(me.createdAt) : "…"}</dd>
        </div>
        <div>
          <dt>最近登录</dt>
          <dd>{me ? formatDateTime(me.lastLoginAt) : "…"}</dd>
        </div>
      </dl>
      {error && !me && !loading && <p className={styles.error}>{errorMessage(error)}</p>}
      {mayEnterAdmin(known) && (
        // Staff open the back office at its index, which picks their first granted page.
        <Link to={isAdmin(known) ? PATHS.adminHome : "/admin"} className={styles.adminLink}>
          进入管理后台
          <RightOutline />
        </Link>
      )}
    </section>
  );
}
