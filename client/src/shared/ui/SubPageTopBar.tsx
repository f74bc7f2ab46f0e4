import { useNavigate } from "react-router";
import { BackIcon } from "./icons";
import styles from "./subpage.module.css";

/** A sub-page's top bar: a back button (to the previous page, else home) and the page's title. */
export function SubPageTopBar({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <div className={styles.topBar}>
      <button
        type="button"
        className={styles.back}
        aria-label="返回"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
      >
        <BackIcon />
      </button>
      <h1>{title}</h1>
    </div>
  );
}
