import { ExclamationCircleFill } from "antd-mobile-icons";
import styles from "./auth.module.css";

/** The inline error line of the auth forms. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className={styles.error} role="alert">
      <ExclamationCircleFill />
      <span>{message}</span>
    </div>
  );
}
