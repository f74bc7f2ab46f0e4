import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { Progress } from "./Progress";
import { DeleteOutlined, PictureOutlined, UploadOutlined } from "@ant-design/icons";
import { normalizeImagePath } from "../../../shared/image";
import { IMAGE_RULE, UPLOAD_FAILED, acceptOf, isAbortError, sizeLabel, uploadFile } from "../../../shared/upload";
import { failureText } from "./failureText";
import styles from "./common.module.css";

export interface ImageUploadFieldProps {
  /** The image path (a form value). */
  value?: string;
  onChange?: (value: string) => void;
  /** REST endpoint and multipart field, e.g. /api/apps/upload + icon. */
  endpoint: string;
  field: string;
  /** The uploaded image's path from the envelope's data. */
  pick?: (data: unknown) => string | undefined;
  /** Banners are wide, icons square. */
  wide?: boolean;
  /** Text shown when an upload fails without a message of its own. */
  failedText?: string;
  /** Accessible name of the file input. */
  label?: string;
  /** Called after a successful upload (after onChange). */
  onUploaded?: (url: string) => void;
}

const defaultPick = (data: unknown): string | undefined => {
  if (typeof data === "string") return data;
  const d = data as { url?: unknown; path?: unknown } | null;
  if (typeof d?.url === "string") return d.url;
  if (typeof d?.path === "string") return d.path;
  return undefined;
};

/** An image form control: preview, upload with a progress bar, replace, remove, and the error of a failed upload. */
export function ImageUploadField({
  value,
  onChange,
  endpoint,
  field,
  pick = defaultPick,
  wide,
  failedText = UPLOAD_FAILED,
  label = "上传图片",
  onUploaded,
}: ImageUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File) {
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const data = await uploadFile<unknown>(endpoint, file, {
        field,
        rule: IMAGE_RULE,
        onProgress: setPercent,
        signal: controller.signal,
      });
      const url = pick(data);
      if (!url) throw new Error(failedText);
      onChange?.(url);
      onUploaded?.(url);
    } catch (e) {
      if (!isAbortError(e)) setError(failureText(e, failedText));
    } finally {
      setPercent(null);
      abort.current = null;
    }
  }

  const uploading = percent !== null;
  return (
    <div className={styles.upload}>
      <div className={wide ? `${styles.uploadPreview} ${styles.uploadPreviewWide}` : styles.uploadPreview}>
        {value ? <img src={normalizeImagePath(value)} alt="预览" /> : <PictureOutlined />}
      </div>
      <div className={styles.uploadSide}>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
            {value ? "更换图片" : "上传图片"}
          </Button>
          {uploading && <Button onClick={() => abort.current?.abort()}>取消</Button>}
          {value && !uploading && (
            <Button icon={<DeleteOutlined />} aria-label="移除图片" onClick={() => onChange?.("")}>
              移除
            </Button>
          )}
        </div>
        {uploading && <Progress percent={percent} size="small" status="active" />}
        {error ? (
          <div className={styles.error} role="alert">
            {error}
          </div>
        ) : (
          <div className={styles.hint}>PNG、JPG、GIF、WEBP，不超过 {sizeLabel(IMAGE_RULE.maxBytes)}</div>
        )}
        <input
          ref={input}
          type="file"
          style={{ display: "none" }}
          aria-label={label}
          accept={acceptOf(IMAGE_RULE)}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void send(file);
          }}
        />
      </div>
    </div>
  );
}
