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

/** Username, role and account dates, fresh from the server (and kept in user_data). */
export function AccountSummary() {
  const { data, loading, error } = useQuery(MeQuery);
  const me = data?.me;

  useEffect(() => {
    if (!me) return;
    const stored = session.get().user;
    const fresh = toSessionUser(me);
    if (JSON.stringify(stored) !== JSON.stringify(fresh)) session.updateUser(fresh);
  }, [me]);

  if (!me) {
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
    <section className={styles.summary}>
      <div className={styles.summaryRow}>
        <div className={styles.avatar} aria-hidden>
          {me.username.slice(0, 1).toUpperCase()}
        </div>
        <div className={styles.identity}>
          <h1 className={styles.username}>{me.username}</h1>
          <div className={styles.tags}>
            <Tag round color={isAdmin(me) ? "warning" : "primary"} fill="outline">
              {ROLE_LABELS[me.role] ?? me.role}
            </Tag>
            {me.disabled && (
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
          <dd>{me.email || "未绑定"}</dd>
        </div>
        <div>
          <dt>注册时间</dt>
          <dd>{formatDateTime(me.createdAt)}</dd>
        </div>
        <div>
          <dt>最近登录</dt>
          <dd>{formatDateTime(me.lastLoginAt)}</dd>
        </div>
      </dl>
      {mayEnterAdmin(me) && (
        // Staff open the back office at its index, which picks their first granted page.
        <Link to={isAdmin(me) ? PATHS.adminHome : "/admin"} className={styles.adminLink}>
          进入管理后台
          <RightOutline />
        </Link>
      )}
    </section>
  );
}
