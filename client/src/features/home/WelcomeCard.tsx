import { Link } from "react-router";
import { Button } from "antd-mobile";
import { RightOutline } from "antd-mobile-icons";
import { PATHS } from "../../app/paths";
import { useSession } from "../auth/useSession";
import { SITE_NAME, SITE_TAGLINE } from "../../shared/site";
import styles from "./home.module.css";

interface Props {
  onLogin: () => void;
  onRegister: () => void;
}

/** The top of the home page: login and register for guests, a greeting once logged in. */
export function WelcomeCard({ onLogin, onRegister }: Props) {
  const { token, user } = useSession();
  if (token && user) {
    return (
      <section className={styles.welcome}>
        <div className={styles.avatar} aria-hidden>
          {user.username.slice(0, 1).toUpperCase()}
        </div>
        <div className={styles.welcomeText}>
          <h1>你好，{user.username}</h1>
          <p>欢迎回到{SITE_NAME}</p>
        </div>
        <Link to={PATHS.profile} className={styles.profileLink}>
          个人主页
          <RightOutline />
        </Link>
      </section>
    );
  }
  return (
    <section className={`${styles.welcome} ${styles.welcomeGuest}`}>
      <div className={styles.welcomeText}>
        <h1>欢迎来到{SITE_NAME}</h1>
        <p>{SITE_TAGLINE}</p>
      </div>
      <div className={styles.authButtons}>
        <Button shape="rounded" className={styles.loginButton} onClick={onLogin}>
          登录
        </Button>
        <Button shape="rounded" className={styles.registerButton} onClick={onRegister}>
          注册
        </Button>
      </div>
    </section>
  );
}
