import styles from "./auth.module.css";

/** "还没有账号？立即注册" and its counterpart under the login and register forms. */
export function SwitchPrompt({ question, action, onClick }: { question: string; action: string; onClick: () => void }) {
  return (
    <div className={styles.switch}>
      {question}
      <button type="button" className={styles.link} onClick={onClick}>
        {action}
      </button>
    </div>
  );
}
