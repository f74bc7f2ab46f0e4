import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { Progress } from "./Progress";
import { CheckCircleFilled, InboxOutlined } from "@ant-design/icons";
import { formatFileSize } from "../../../shared/format";
import { UPLOAD_FAILED, acceptOf, isAbortError, sizeLabel, uploadFile, type FileRule } from "../../../shared/upload";
import { failureText } from "./failureText";
import styles from "./common.module.css";

export interface FileUploadFieldProps<T> {
  endpoint: string;
  field: string;
  rule: FileRule;
  /** Called with the envelope's data once the server has taken (and parsed) the file. */
  onUploaded: (data: T, file: File) => void;
  /** The file stored now, if any: what it is (安装包, 文件) and its size; shown until a new one is uploaded. */
  stored?: { what: string; size: number } | null;
  /** 上传 IPA; 重新上传 IPA once there is a file. */
  buttonText: string;
  label?: string;
}

/** A package upload (IPA, dylib/deb): progress bar with 取消, the result or the server's error. */
export function FileUploadField<T>({
  endpoint,
  field,
  rule,
  onUploaded,
  stored,
  buttonText: upload,
  label,
}: FileUploadFieldProps<T>) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ name: string; size: number } | null>(null);
  // a file uploaded in this form, even when a later upload failed
  const [uploaded, setUploaded] = useState(false);
  const buttonText = stored || uploaded ? `重新${upload}` : upload;
  const current = stored ? `已有${stored.what}（${formatFileSize(stored.size)}），重新上传会替换它` : undefined;

  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File) {
    setError(null);
    setDone(null);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const data = await uploadFile<T>(endpoint, file, {
        field,
        rule,
        onProgress: setPercent,
        signal: controller.signal,
      });
      setDone({ name: file.name, size: file.size });
      setUploaded(true);
      onUploaded(data, file);
    } catch (e) {
      if (!isAbortError(e)) setError(failureText(e, UPLOAD_FAILED));
    } finally {
      setPercent(null);
      abort.current = null;
    }
  }

  const uploading = percent !== null;
  return (
    <div className={styles.uploadSide}>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button icon={<InboxOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {buttonText}
        </Button>
        {uploading && <Button onClick={() => abort.current?.abort()}>取消上传</Button>}
      </div>
      {uploading && <Progress percent={percent} status="active" />}
      {error && (
        <div className={styles.error} role="alert">
          {error}
        </div>
      )}
      {!uploading && !error && done && (
        <div className={styles.hint}>
          <CheckCircleFilled style={{ color: "#52c41a", marginRight: 6 }} />
          已上传 {done.name}（{formatFileSize(done.size)}）
        </div>
      )}
      {!uploading && !error && !done && current && <div className={styles.hint}>{current}</div>}
      {!uploading && !error && !done && !current && (
        <div className={styles.hint}>
          支持 {rule.extensions.map((e) => `.${e}`).join("、")}，不超过 {sizeLabel(rule.maxBytes)}
        </div>
      )}
      <input
        ref={input}
        type="file"
        style={{ display: "none" }}
        aria-label={label ?? buttonText}
        accept={acceptOf(rule)}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void send(file);
        }}
      />
    </div>
  );
}
