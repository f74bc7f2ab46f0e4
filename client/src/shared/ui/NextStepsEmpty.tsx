import { Link } from "react-router";
import styles from "./nextStepsEmpty.module.css";

export interface EmptyStep {
  label: string;
  to: string;
  /** One line under the label: what the step gives. */
  hint?: string;
}

/** An empty state that says what to do next: the message and one link per way forward. */
export function NextStepsEmpty({ message, steps, testId }: { message: string; steps: EmptyStep[]; testId?: string }) {
  return (
    <div className={styles.empty} data-testid={testId}>
      <p className={styles.message}>{message}</p>
      <ul className={styles.steps}>
        {steps.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className={styles.step}>
              <strong>{s.label}</strong>
              {s.hint && <span>{s.hint}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
