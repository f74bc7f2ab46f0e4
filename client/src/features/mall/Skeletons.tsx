import styles from "./mall.module.css";

/** Grey placeholders while a list loads. */
export function Skeletons({ n }: { n: number }) {
  return (
    <div aria-busy="true" aria-label="加载中">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className={styles.skeleton} />
      ))}
    </div>
  );
}
