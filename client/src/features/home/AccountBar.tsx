import { Link } from "react-router";
import { PATHS } from "../../app/paths";
import { useSession } from "../auth/useSession";
import styles from "./home.module.css";

/** A slim line under the search box: 登录 / 注册 for guests, a greeting and 个人主页 once logged in. */
export function AccountBar({ onLogin, onRegister }: { onLogin: () => void; onRegister: () => void }) {
  const { token, user } = useSession();
  if (token && user) {
    return (
      <div className={styles.account}>
        <span className={styles.avatar} aria-hidden>
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.accountText}>你好，{user.username}</span>
        <Link to={PATHS.profile} className={styles.accountLink}>
          个人主页
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.account}>
      <span className={styles.accountText}>登录后可查看详情、购买与下载</span>
      <button type="button" className={styles.accountPrimary} onClick={onLogin}>
        登录
      </button>
      <button type="button" className={styles.accountLink} onClick={onRegister}>
        注册
      </button>
    </div>
  );
}
