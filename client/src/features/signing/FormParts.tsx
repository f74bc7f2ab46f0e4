import { useId, type ReactNode } from "react";
import { Switch } from "antd-mobile";
import { AppIcon } from "../catalog/AppIcon";
import styles from "./signing.module.css";

/** The small pieces the signing form is drawn with: step titles, fields, switches, the app row, the skeleton. */

export function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <h2 className={styles.step}>
      <span className={styles.stepNo}>{n}</span>
      {children}
    </h2>
  );
}

export function Field(props: {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  hint?: string;
  onChange: (v: string) => void;
}) {
  const id = `signing-${props.name}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={styles.input}
        name={props.name}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </span>
      )}
    </div>
  );
}

export function SwitchRow(props: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <span id={id}>{props.label}</span>
      <Switch checked={props.checked} onChange={props.onChange} aria-labelledby={id} />
    </div>
  );
}

export function AppRow(props: { icon: string; name: string; lines: string[]; action?: ReactNode; testId: string }) {
  return (
    <div className={styles.appRow} data-testid={props.testId}>
      <AppIcon src={props.icon} name={props.name} size={56} eager />
      <div className={styles.appText}>
        <div className={styles.appName}>{props.name}</div>
        {props.lines.filter(Boolean).map((l) => (
          <div key={l} className={styles.mono}>
            {l}
          </div>
        ))}
      </div>
      {props.action}
    </div>
  );
}

export function FormSkeleton() {
  // The three cards of the form at about their drawn height, so the task list below does not jump when it loads.
  const card = (rows: number[]) => (
    <section className={styles.card}>
      <span className={styles.shimmer} style={{ width: "40%", height: 20 }} />
      {rows.map((height, i) => (
        <span key={i} className={styles.shimmer} style={{ height, marginTop: 12, borderRadius: 14 }} />
      ))}
    </section>
  );
  return (
    <div aria-busy="true" aria-label="加载中" style={{ marginTop: 14 }}>
      {card([76, 76])}
      {card([44, 160])}
      {card([52, 52, 52, 120])}
    </div>
  );
}
