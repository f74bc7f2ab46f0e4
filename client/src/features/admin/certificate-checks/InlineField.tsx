import { useId, type ReactNode } from "react";
import { FieldError } from "../common/fields";
import fields from "../common/fields.module.css";
import styles from "./checks.module.css";

/** One field of an inline form (antd's `layout="inline"`): its label, then the control, a problem under it. */
export function InlineField({
  label,
  required = false,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string | null;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.item}>
      <label htmlFor={id} className={required ? `${fields.label} ${fields.required}` : fields.label}>
        {label}
      </label>
      <div className={styles.control}>
        {children(id)}
        <FieldError error={error} />
      </div>
    </div>
  );
}
