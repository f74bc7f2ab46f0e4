import type { TextareaHTMLAttributes } from "react";
import { TextArea } from "../common/fields";
import styles from "./settings.module.css";

/**
 * A text area that grows with its text from `minRows` to `maxRows` lines, its length against `maxLength` under it
 * (antd's TextArea with autoSize and showCount).
 */
export function CountedTextArea({
  value,
  maxLength,
  minRows,
  maxRows,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "maxLength" | "style"> & {
  value: string;
  maxLength: number;
  minRows: number;
  maxRows: number;
}) {
  return (
    <div>
      <TextArea {...rest} value={value} maxLength={maxLength} rows={minRows} style={{ maxHeight: maxRows * 22 + 10 }} />
      <div className={styles.count}>
        {value.length} / {maxLength}
      </div>
    </div>
  );
}
