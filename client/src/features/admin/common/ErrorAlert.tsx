import { Alert } from "antd";

/** A list's load error as antd's error Alert (list.tsx's LoadError loads it only when there is an error). */
export default function ErrorAlert({ text }: { text: string }) {
  return <Alert type="error" showIcon title={text} style={{ marginBottom: 16 }} />;
}
