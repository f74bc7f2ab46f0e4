import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import ui from "../../../shared/ui/ui.module.css";
import styles from "./fields.module.css";

/** A plain form: `onSubmit` runs on submit (the submit button, or Enter in a field) and the page stays. */
export function Form({
  onSubmit,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & { onSubmit: () => unknown }) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    />
  );
}

/**
 * A form field drawn as antd's vertical Form.Item (label above, help or error below), for the few forms that are a
 * page's content: antd's Form, Input and Upload would put their whole family on the page's first load. The control
 * is `children(id)`, labelled by the field (a group of controls by `aria-labelledby`, the label being `${id}-label`).
 */
export function Field({
  label,
  required = false,
  help,
  error,
  inline = false,
  children,
}: {
  label: string;
  required?: boolean;
  help?: ReactNode;
  error?: string | null;
  /** As a field of antd's inline Form: the label and its colon beside the control. Put such fields in an element of
   * class `inlineForm` (fields.module.css), a row that wraps. */
  inline?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  const labelClass = inline ? styles.inlineLabel : styles.label;
  const below = error ? <FieldError error={error} /> : help && <div className={styles.help}>{help}</div>;
  return (
    <div className={inline ? styles.inlineItem : styles.field}>
      <label id={`${id}-label`} htmlFor={id} className={required ? `${labelClass} ${styles.required}` : labelClass}>
        {label}
      </label>
      {inline ? (
        <div className={styles.inlineControl}>
          {children(id)}
          {below}
        </div>
      ) : (
        <>
          {children(id)}
          {below}
        </>
      )}
    </div>
  );
}

/** A field's error under its control (antd's red help line), read out when it appears. */
export function FieldError({ error }: { error?: string | null }) {
  return error ? (
    <div className={styles.error} role="alert">
      {error}
    </div>
  ) : null;
}

/** A text or password input in antd's middle size. */
export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={styles.input} />;
}

/** A text area in antd's look that grows with its text, at least `rows` lines high (2 unless given). */
export function TextArea({ rows = 2, style, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  // 22 px lines, 4 px padding and a 1 px border above and below: antd's heights.
  return (
    <textarea
      rows={rows}
      {...props}
      style={{ minHeight: rows * 22 + 10, ...style }}
      className={`${styles.input} ${styles.textarea}`}
    />
  );
}

/** 选择文件: picks one file (sent with the form, nothing is uploaded before), shown under the button with 删除. */
export function FilePick({
  id,
  accept,
  file,
  onChange,
  text = "选择文件",
}: {
  id: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  text?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label className={styles.pick}>
        <UploadOutlined />
        {text}
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className={ui.visuallyHidden}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </label>
      {file && (
        <div className={styles.file}>
          <PaperClipOutlined />
          <span className={styles.fileName}>{file.name}</span>
          <button
            type="button"
            className={styles.remove}
            aria-label={`删除 ${file.name}`}
            onClick={() => {
              if (input.current) input.current.value = "";
              onChange(null);
            }}
          >
            <DeleteOutlined />
          </button>
        </div>
      )}
    </div>
  );
}

/** antd's Radio.Group of native radios: one of `options`, named by the field's label. */
export function RadioGroup<V extends string>({
  id,
  name,
  value,
  options,
  disabled,
  onChange,
}: {
  id: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
  onChange: (value: V) => void;
}) {
  return (
    <div id={id} role="radiogroup" aria-labelledby={`${id}-label`} className={styles.radios}>
      {options.map((o) => (
        <label key={o.value} className={styles.radio}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            disabled={disabled}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/**
 * antd's InputNumber as a text input with the number keyboard: it keeps what is typed ("1.", "") and reports the
 * number, `null` when empty, or `NaN` when it is not a number (the form's check says so). `suffix` is the unit
 * after the box (元, 天, 秒), as antd's addonAfter. With `decimals` a number is shown with at least that many
 * decimals (1.50, as antd's step 0.01), also after typing, when the box loses focus.
 */
export function NumberInput({
  value,
  onChange,
  suffix,
  style,
  decimals,
  onBlur,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  value: number | null;
  onChange: (value: number | null) => void;
  suffix?: ReactNode;
  decimals?: number;
}) {
  const [text, setText] = useState(showNumber(value, decimals));
  useEffect(() => {
    // A value set from outside (a reset, a loaded record) replaces the text; the user's own typing is kept.
    setText((old) => (Object.is(parseNumber(old), value) ? old : showNumber(value, decimals)));
  }, [value, decimals]);
  const input = (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className={styles.input}
      style={suffix ? undefined : style}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseNumber(e.target.value));
      }}
      onBlur={(e) => {
        if (decimals !== undefined)
          setText((old) => {
            const n = parseNumber(old);
            return n === null || Number.isNaN(n) ? old : showNumber(n, decimals);
          });
        onBlur?.(e);
      }}
    />
  );
  return suffix ? (
    <span className={styles.group} style={style}>
      {input}
      <span className={styles.addon}>{suffix}</span>
    </span>
  ) : (
    input
  );
}

/** A number's text, with at least `decimals` decimals when given; "" for none. */
function showNumber(n: number | null, decimals?: number): string {
  if (n === null) return "";
  const text = String(n);
  return decimals !== undefined && (text.split(".")[1] ?? "").length < decimals ? n.toFixed(decimals) : text;
}

/** A typed number: `null` when empty, `NaN` when not a number. */
function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
}

/** antd's Checkbox as a native one with its label. */
export function Checkbox({
  checked,
  onChange,
  disabled,
  children,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
  id?: string;
}) {
  return (
    <label className={styles.radio}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
