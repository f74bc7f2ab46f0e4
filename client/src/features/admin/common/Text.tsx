import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { writeClipboard } from "../../../shared/clipboard";
import styles from "./text.module.css";

type Tone = "secondary" | "danger" | "success" | "warning";

interface TextProps {
  type?: Tone;
  strong?: boolean;
  code?: boolean;
  /** A copy button after the text: the text shown, or `text`; `tooltips` are the button's names before and after. */
  copyable?: boolean | { text?: string; tooltips?: readonly [string, string] };
  style?: CSSProperties;
  className?: string;
  title?: string;
  children?: ReactNode;
  "data-testid"?: string;
}

/** The plain text of children that are text (a copyable's default). */
function textOf(children: ReactNode): string {
  if (typeof children === "string" || typeof children === "number") return String(children);
  if (Array.isArray(children)) return children.map(textOf).join("");
  return "";
}

/** antd's copy button: 复制, then a tick and 复制成功 for three seconds. */
function CopyButton({ text, tooltips }: { text: string; tooltips?: readonly [string, string] }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 3000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const [before, after] = tooltips ?? ["复制", "复制成功"];
  return (
    <button
      type="button"
      className={copied ? `${styles.copy} ${styles.copied}` : styles.copy}
      aria-label={copied ? after : before}
      title={copied ? after : before}
      onClick={() =>
        void writeClipboard(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? <CheckOutlined /> : <CopyOutlined />}
    </button>
  );
}

const classes = (base: string, { type, strong }: { type?: Tone; strong?: boolean }, extra?: string) =>
  [base, type && styles[type], strong && styles.strong, extra].filter(Boolean).join(" ");

/**
 * antd's Typography.Text, Paragraph and Title in plain elements (their tones, strong, code, copyable): antd's
 * Typography module brings its ellipsis measuring and its editing TextArea to every page that shows a grey note.
 */
export function Text({
  type,
  strong,
  code,
  copyable,
  style,
  className,
  title,
  children,
  "data-testid": testId,
}: TextProps) {
  const copy = copyable ? (typeof copyable === "object" ? copyable : {}) : null;
  return (
    <span
      className={classes(styles.text, { type, strong }, className)}
      style={style}
      title={title}
      data-testid={testId}
    >
      {code ? <code className={styles.code}>{children}</code> : children}
      {copy && <CopyButton text={copy.text ?? textOf(children)} tooltips={copy.tooltips} />}
    </span>
  );
}

export function Paragraph({ type, strong, style, className, children }: Omit<TextProps, "code" | "copyable">) {
  return (
    <div className={classes(styles.paragraph, { type, strong }, className)} style={style}>
      {children}
    </div>
  );
}

export function Title({
  level = 1,
  style,
  children,
}: {
  level?: 1 | 2 | 3 | 4 | 5;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <Heading className={`${styles.title} ${styles[`h${level}`]}`} style={style}>
      {children}
    </Heading>
  );
}
