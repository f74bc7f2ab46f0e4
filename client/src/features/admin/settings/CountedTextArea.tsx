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
  // 22 px lines, 4 px padding and a 1 px border above and below: antd's autoSize heights.
  const height = (rows: number) => rows * 22 + 10;
  return (
    <div>
      <TextArea
        {...rest}
        value={value}
        maxLength={maxLength}
        style={{ minHeight: height(minRows), maxHeight: height(maxRows) }}
      />
      <div className={styles.count}>
        {value.length} / {maxLength}
      </div>
    </div>
  );
}
